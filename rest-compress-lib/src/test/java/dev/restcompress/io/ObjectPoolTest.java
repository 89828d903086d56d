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
}
