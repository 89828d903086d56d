package dev.restcompress.server.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JDK Flight Recorder event: one request body decoded (from the first read to the close of the
 * decoded stream). Disabled unless a recording enables {@code dev.restcompress.Decode}.
 */
@Name("dev.restcompress.Decode")
@Label("Request Body Decoded")
@Category({"rest-compress"})
@Description("rest-compress decoded one request body")
@StackTrace(false)
public final class DecodeEvent extends jdk.jfr.Event {
    @Label("Coding")
    String coding;

    @Label("Bytes In")
    @DataAmount
    long bytesIn;

    @Label("Bytes Out")
    @DataAmount
    long bytesOut;

    @Label("Resource Method")
    String method;

    @Label("Adaptive Step")
    int step;
}
