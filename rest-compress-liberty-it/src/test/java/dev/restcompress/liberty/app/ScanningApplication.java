package dev.restcompress.liberty.app;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * A second application in the WAR, as a plain user writes one: it lists nothing, so Liberty's RESTEasy
 * finds the resources and providers itself, the library's by its services file and by its
 * {@code @Provider} annotations alike (where a class listed in both used to be registered twice,
 * {@code RESTEASY002155}). It runs with the library's defaults.
 */
@ApplicationPath(ScanningApplication.PATH)
public class ScanningApplication extends Application {
    /** The application's path under the deployment's context root. */
    public static final String PATH = "scan";
}
