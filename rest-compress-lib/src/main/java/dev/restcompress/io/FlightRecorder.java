package dev.restcompress.io;

/**
 * Whether this library can emit JDK Flight Recorder events here. The {@code jdk.jfr} module is part
 * of every JDK, but a container may hide it from applications: a WildFly deployment sees only the
 * JDK modules it declares, and without {@code jdk.jfr} every class extending {@code jdk.jfr.Event}
 * fails to link. So event classes are touched only when {@link #AVAILABLE}; otherwise the library
 * works the same without events, and says so once.
 */
public final class FlightRecorder {
    /** Whether {@code jdk.jfr} is visible to this library's class loader. */
    public static final boolean AVAILABLE = probe();

    private FlightRecorder() {
    }

    private static boolean probe() {
        try {
            Class.forName("jdk.jfr.Event", false, FlightRecorder.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            System.getLogger(FlightRecorder.class.getName()).log(System.Logger.Level.INFO,
                    "rest-compress: JDK Flight Recorder (module jdk.jfr) is not visible to this application, so "
                    + "no dev.restcompress.* events are recorded; on WildFly add a dependency on the jdk.jfr module "
                    + "(jboss-deployment-structure.xml) to get them");
            return false;
        }
    }
}
