package dev.restcompress.demo;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** A catalog entry, deterministic from its id: what a typical REST list returns. */
@XmlRootElement(name = "item")
@XmlAccessorType(XmlAccessType.FIELD)
public class Item {
    private static final String[] CATEGORIES = {"books", "garden", "kitchen", "toys", "tools", "music"};
    private static final String[] WORDS = {"compact", "durable", "classic", "wireless", "organic", "premium",
        "portable", "vintage", "smart", "ergonomic", "handmade", "lightweight"};

    public long id;
    public String sku;
    public String name;
    public String category;
    public double price;
    public int stock;
    public boolean available;
    public String updated;
    public List<String> tags = new ArrayList<>();

    /** The item with this id; the same id always gives the same item. */
    public static Item generate(long id) {
        Item it = new Item();
        long h = mix(id);
        it.id = id;
        it.sku = String.format("SKU-%06d-%02d", id, h & 63);
        it.name = WORDS[(int) (h >>> 8 & 0xFFFF) % WORDS.length] + " " + CATEGORIES[(int) (id % CATEGORIES.length)]
                + " item " + id;
        it.category = CATEGORIES[(int) (id % CATEGORIES.length)];
        it.price = ((h >>> 16) & 0xFFFF) / 100.0;
        it.stock = (int) ((h >>> 32) & 0x3FF);
        it.available = it.stock > 10;
        it.updated = String.format("2026-%02d-%02dT%02d:%02d:00Z", 1 + id % 12, 1 + id % 28, h >>> 40 & 15, id % 60);
        for (int t = 0; t < 1 + (h >>> 50 & 3); t++) {
            it.tags.add(WORDS[(int) ((h >>> (t * 4)) & 0xF) % WORDS.length]);
        }
        return it;
    }

    /** The item as compact JSON (the streaming endpoint writes parts by hand). */
    public String toJson() {
        StringBuilder sb = new StringBuilder(200);
        sb.append("{\"id\":").append(id).append(",\"sku\":\"").append(sku).append("\",\"name\":\"").append(name)
                .append("\",\"category\":\"").append(category).append("\",\"price\":").append(price)
                .append(",\"stock\":").append(stock).append(",\"available\":").append(available)
                .append(",\"updated\":\"").append(updated).append("\",\"tags\":[");
        for (int i = 0; i < tags.size(); i++) {
            sb.append(i == 0 ? "\"" : ",\"").append(tags.get(i)).append('"');
        }
        return sb.append("]}").toString();
    }

    private static long mix(long x) {
        x += 0x9E3779B97F4A7C15L;
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return x ^ (x >>> 31);
    }
}
