package dev.restcompress.demo;

import jakarta.xml.bind.annotation.XmlAccessType;
import jakarta.xml.bind.annotation.XmlAccessorType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.util.ArrayList;
import java.util.List;

/** A page of catalog items. */
@XmlRootElement(name = "catalog")
@XmlAccessorType(XmlAccessType.FIELD)
public class Catalog {
    public int count;
    public String generatedBy = "rest-compress demo";
    @XmlElement(name = "item")
    public List<Item> items = new ArrayList<>();

    /** Items 1 to {@code n}. */
    public static Catalog generate(int n) {
        Catalog c = new Catalog();
        c.count = n;
        for (int i = 1; i <= n; i++) {
            c.items.add(Item.generate(i));
        }
        return c;
    }
}
