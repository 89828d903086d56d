package example;

import org.glassfish.jersey.server.ResourceConfig;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** Registers only the application's own resource: Jersey's auto-discovery registers rest-compress. */
@SpringBootApplication
public class OrdersApplication {
    @Bean
    ResourceConfig jersey() {
        return new ResourceConfig().register(OrdersResource.class);
    }

    public static void main(String[] args) {
        SpringApplication.run(OrdersApplication.class, args);
    }
}
