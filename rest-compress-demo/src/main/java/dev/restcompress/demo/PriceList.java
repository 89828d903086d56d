package dev.restcompress.demo;

/**
 * A versioned document for the delta endpoint: a price list of {@value #ITEMS} items (about 115 KB of
 * JSON) where each new version changes {@value #CHANGED_PER_VERSION} items' price and stock (about 1%
 * of the document). Deterministic: version {@code v} is always the same bytes.
 */
final class PriceList {
    static final int ITEMS = 600;
    static final int CHANGED_PER_VERSION = 6;
    static final int MAX_VERSION = 10_000;

    private PriceList() {
    }

    /** The JSON of version {@code version} (1 to {@value #MAX_VERSION}). */
    static String json(int version) {
        int[] revisions = new int[ITEMS + 1];
        for (int v = 2; v <= version; v++) {
            for (int j = 0; j < CHANGED_PER_VERSION; j++) {
                revisions[changedItem(v, j)]++;
            }
        }
        StringBuilder sb = new StringBuilder(ITEMS * 200);
        sb.append("{\"version\":").append(version).append(",\"items\":[\n");
        for (int i = 1; i <= ITEMS; i++) {
            Item item = Item.generate(i);
            item.price = Math.round((item.price + revisions[i] * 0.25) * 100) / 100.0;
            item.stock = (item.stock + revisions[i] * 3) % 1024;
            item.available = item.stock > 10;
            sb.append(item.toJson()).append(i < ITEMS ? ",\n" : "\n");
        }
        return sb.append("]}\n").toString();
    }

    /** The {@code j}-th item that version {@code v} changes, spread over the list. */
    private static int changedItem(int v, int j) {
        return (int) ((v * 7919L + j * 101L) % ITEMS) + 1;
    }
}
