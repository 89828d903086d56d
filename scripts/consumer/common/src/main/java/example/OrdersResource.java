package example;

import dev.restcompress.annotation.Compress;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;

/** The application's only resource: a JSON list that the runtime's Jackson writes, compressed by @Compress. */
@Path("/orders")
public class OrdersResource {
    public record Order(int id, String customer, String status, List<String> items, double total) {
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Compress
    public List<Order> orders(@QueryParam("n") @DefaultValue("200") int n) {
        List<Order> orders = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            orders.add(new Order(i, "customer-" + (i % 17), i % 3 == 0 ? "SHIPPED" : "OPEN",
                    List.of("sku-" + (i % 11), "sku-" + (i % 5)), 10.5 + i));
        }
        return orders;
    }
}
