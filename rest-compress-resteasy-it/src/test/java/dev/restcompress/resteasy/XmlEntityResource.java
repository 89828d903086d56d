package dev.restcompress.resteasy;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.xml.bind.annotation.XmlElement;
import jakarta.xml.bind.annotation.XmlRootElement;
import java.util.List;

/** An XML entity bound by RESTEasy's JAXB provider, trusted as an application would. */
@Path("xml")
public class XmlEntityResource {

    /** {@code <order><line>..</line>...</order>}. */
    @XmlRootElement(name = "order")
    public static class Order {
        /** The order's lines. */
        @XmlElement(name = "line")
        public List<String> lines;
    }

    @POST
    @Consumes(MediaType.APPLICATION_XML)
    @Produces(MediaType.TEXT_PLAIN)
    public String order(Order order) {
        return order.lines.size() + " lines";
    }
}
