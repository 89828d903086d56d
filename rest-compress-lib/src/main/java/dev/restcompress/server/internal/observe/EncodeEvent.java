package dev.restcompress.server.internal.observe;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JDK Flight Recorder event: one response body encoded. Its duration is the codec call (one-shot)
 * or the whole streamed body. Disabled unless a recording enables {@code dev.restcompress.Encode};
 * then {@code begin()}, {@code end()} and {@code shouldCommit()} are the whole cost.
 */
@Name("dev.restcompress.Encode")
@Label("Response Body Encoded")
@Category({"rest-compress"})
@Description("rest-compress encoded one response body")
@StackTrace(false)
public final class EncodeEvent extends jdk.jfr.Event {
    @Label("Coding")
    String coding;

    @Label("Level")
    int level;

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

    @Label("Streamed")
    boolean streamed;
}
