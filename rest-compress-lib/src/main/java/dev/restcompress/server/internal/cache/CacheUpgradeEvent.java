package dev.restcompress.server.internal.cache;

import jdk.jfr.Category;
import jdk.jfr.DataAmount;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * JDK Flight Recorder event: one cached variant re-encoded at its coding's best level, off the request
 * path. Its duration is the codec call. Touched only when {@code FlightRecorder.AVAILABLE}.
 */
@Name("dev.restcompress.CacheUpgrade")
@Label("Cached Variant Upgraded")
@Category({"rest-compress"})
@Description("rest-compress re-encoded a cached response variant at its coding's best level")
@StackTrace(false)
public final class CacheUpgradeEvent extends jdk.jfr.Event {
    @Label("Resource Method")
    String method;

    @Label("Coding")
    String coding;

    @Label("Level")
    int level;

    @Label("Identity Bytes")
    @DataAmount
    long identityBytes;

    @Label("Bytes Before")
    @DataAmount
    long bytesBefore;

    @Label("Bytes After")
    @DataAmount
    long bytesAfter;

    @Label("Swapped In")
    boolean swapped;
}
