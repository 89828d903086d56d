package dev.restcompress.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObjectPoolTest {

    @Test
    void releaseKeepsUpToCapacityAndDisposesTheRest() {
        List<Object> disposed = new ArrayList<>();
        ObjectPool<Object> pool = new ObjectPool<>(1, Object::new, disposed::add);
        Object a = pool.acquire();
        Object b = pool.acquire();
        assertEquals(2, pool.outstanding());
        pool.release(a);
        pool.release(b);
        assertEquals(List.of(b), disposed);
        assertEquals(0, pool.outstanding());
        assertSame(a, pool.acquire());
    }

    @Test
    void discardFreesAtOnceAndIsNeverReused() {
        List<Object> disposed = new ArrayList<>();
        ObjectPool<Object> pool = new ObjectPool<>(4, Object::new, disposed::add);
        Object broken = pool.acquire();
        pool.discard(broken);
        assertEquals(List.of(broken), disposed);
        assertEquals(0, pool.outstanding());
        assertEquals(0, pool.idle());
        assertNotSame(broken, pool.acquire());
    }

    /**
     * Pool locality: after a burst has filled the pool, a caller working one object at a time keeps
     * getting the same one (still in the CPU cache) instead of rotating through every idle object.
     */
    @Test
    void oneAtATimeReusesOneObjectAfterABurst() {
        ObjectPool<Object> pool = new ObjectPool<>(4, Object::new, o -> { });
        Object a = pool.acquire();
        Object b = pool.acquire();
        Object c = pool.acquire();
        pool.release(a);
        pool.release(b);
        pool.release(c);
        assertEquals(3, pool.idle());
        for (int i = 0; i < 6; i++) {
            Object o = pool.acquire();
            assertSame(a, o, "acquire " + i);
            pool.release(o);
        }
        assertEquals(3, pool.idle());
    }
}
