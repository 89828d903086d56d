package example;

import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Environment;

/** Registers only the application's own resource: Jersey's auto-discovery registers rest-compress. */
public class OrdersApplication extends Application<Configuration> {
    public static void main(String[] args) throws Exception {
        new OrdersApplication().run(args);
    }

    @Override
    public void run(Configuration configuration, Environment environment) {
        environment.jersey().register(OrdersResource.class);
    }
}
