package dev.restcompress.bench.proxies;

import dev.restcompress.bench.load.LoadStep;

/**
 * One measured step of a set-up: the generator's figures and the CPU time over the same window of the app JVM and
 * of the proxy's process group (zero where the set-up has none). Per response: per request completed or failed.
 */
public record ProxyStep(String payload, SetUp setUp, int round, String model, LoadStep step, ProcCpu.Times app,
        ProcCpu.Times proxy) {
    static final String CLOSED = "closed";
    static final String OPEN = "open-half";

    private double perResponse(long nanos) {
        long n = step.completed() + step.errors();
        return n == 0 ? Double.NaN : nanos / 1e3 / n;
    }

    public double appUs() {
        return perResponse(app.totalNanos());
    }

    public double proxyUs() {
        return perResponse(proxy.totalNanos());
    }

    public double totalUs() {
        return perResponse(app.totalNanos() + proxy.totalNanos());
    }

    public double userUs() {
        return perResponse(app.userNanos() + proxy.userNanos());
    }

    public double systemUs() {
        return perResponse(app.systemNanos() + proxy.systemNanos());
    }
}
