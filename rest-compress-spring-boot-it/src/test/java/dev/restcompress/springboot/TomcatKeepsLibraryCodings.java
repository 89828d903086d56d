package dev.restcompress.springboot;

import org.apache.coyote.http11.AbstractHttp11Protocol;
import org.springframework.boot.tomcat.TomcatProtocolHandlerCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * docs/runtimes.md's setting for Spring Boot with {@code server.compression.enabled}: Tomcat re-compresses
 * a response whose {@code Content-Encoding} is not in its {@code noCompressionEncodings} (br, compress, dcb,
 * dcz, deflate, gzip, pack200-gzip, zstd), so an lzf body went out as {@code lzf, gzip}. Adding the
 * library's other codings to that list keeps them as the library wrote them.
 */
@Configuration(proxyBeanMethods = false)
public class TomcatKeepsLibraryCodings {
    @Bean
    TomcatProtocolHandlerCustomizer<AbstractHttp11Protocol<?>> noRecompressionOfLibraryCodings() {
        return protocol -> protocol.setNoCompressionEncodings(protocol.getNoCompressionEncodings() + ",lzf");
    }
}
