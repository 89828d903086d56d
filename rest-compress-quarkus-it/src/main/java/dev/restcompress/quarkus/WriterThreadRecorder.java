package dev.restcompress.quarkus;

import io.vertx.core.Context;
import jakarta.annotation.Priority;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.ext.Provider;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.IOException;

/**
 * Test hook: says in response headers which thread runs the writer-interceptor chain, which is the
 * thread on which rest-compress's encoder compresses the body (the chain is synchronous: this
 * interceptor wraps rest-compress's). {@value #THREAD}: the thread's name; {@value #EVENT_LOOP}: whether
 * it is a Vert.x event-loop thread.
 */
@Provider
@Priority(Priorities.ENTITY_CODER - 100)
public class WriterThreadRecorder implements WriterInterceptor {
    public static final String THREAD = "X-Writer-Thread";
    public static final String EVENT_LOOP = "X-Writer-On-Event-Loop";

    @Override
    public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
        context.getHeaders().putSingle(THREAD, Thread.currentThread().getName());
        context.getHeaders().putSingle(EVENT_LOOP, Boolean.toString(Context.isOnEventLoopThread()));
        context.proceed();
    }
}
