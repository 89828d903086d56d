package dev.restcompress.springboot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.restcompress.contract.Wire;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts a test's Spring Boot application on 127.0.0.1 and a free port, answering before the tests run. */
final class SpringBootServer {
    private SpringBootServer() {}

    /**
     * Runs {@code sources} with {@code settings} (command-line {@code --key=value}) on 127.0.0.1 and a free
     * port, then sends one request. Jersey initializes on its first request, which on a busy machine took
     * longer (23.6 s at a load of 40) than a contract request may: the first one waits up to 120 s here.
     */
    static ConfigurableApplicationContext start(Class<?>[] sources, String... settings) throws Exception {
        List<String> args = new ArrayList<>(List.of("--server.address=127.0.0.1", "--server.port=0",
                "--spring.main.banner-mode=off"));
        args.addAll(List.of(settings));
        ConfigurableApplicationContext context = new SpringApplication(sources).run(args.toArray(String[]::new));
        HttpResponse<Void> first = Wire.CLIENT.send(HttpRequest.newBuilder(baseUri(context).resolve(
                "contract/plain?size=1")).timeout(Duration.ofSeconds(120)).build(), HttpResponse.BodyHandlers.discarding());
        assertEquals(200, first.statusCode(), "the application's first answer");
        return context;
    }

    static URI baseUri(ConfigurableApplicationContext context) {
        return URI.create("http://127.0.0.1:" + context.getEnvironment().getProperty("local.server.port") + "/");
    }
}
