package dev.restcompress.adaptive;

import jdk.jfr.Category;
import jdk.jfr.Description;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.Percentage;

/** JDK Flight Recorder event: the adaptive step moved. Costs nothing when not recording. */
@Name("dev.restcompress.AdaptiveStep")
@Label("Adaptive Compression Step")
@Category({"rest-compress"})
@Description("The adaptive compression step moved (0: as configured; higher: cheaper)")
final class AdaptiveStepEvent extends jdk.jfr.Event {
    @Label("From Step")
    int from;

    @Label("To Step")
    int to;

    @Label("Load")
    @Percentage
    double load;

    static void emit(int from, int to, double load) {
        AdaptiveStepEvent e = new AdaptiveStepEvent();
        if (e.shouldCommit()) {
            e.from = from;
            e.to = to;
            e.load = load;
            e.commit();
        }
    }
}
