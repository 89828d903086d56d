package dev.restcompress.server;

import dev.restcompress.server.internal.observe.Statistics;

/** Tests of the internal packages read a {@link Statistics} store through its public view. */
public final class StatisticsViews {
    private StatisticsViews() {
    }

    public static CompressionStatistics of(Statistics store) {
        return CompressionStatistics.of(store);
    }
}
