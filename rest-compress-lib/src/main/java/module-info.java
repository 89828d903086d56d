/**
 * rest-compress: HTTP content coding for Jakarta REST. The API is the annotations, the codec SPI,
 * the configuration keys and the server and client features; everything else is internal.
 */
module dev.restcompress {
    requires transitive jakarta.ws.rs;
    requires com.ning.compress.lzf;
    // Optional codings: offered only when their library is present at run time.
    requires static com.github.luben.zstd_jni;
    requires static com.aayushatharva.brotli4j;

    exports dev.restcompress.annotation;
    exports dev.restcompress.codec;
    exports dev.restcompress.config;
    exports dev.restcompress.server;
    exports dev.restcompress.client;

    uses dev.restcompress.codec.CodingProvider;
    provides dev.restcompress.codec.CodingProvider with
            dev.restcompress.codec.lzf.LzfProvider,
            dev.restcompress.codec.gzip.GzipProvider,
            dev.restcompress.codec.zstd.ZstdProvider,
            dev.restcompress.codec.brotli.BrotliProvider;
}
