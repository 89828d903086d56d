package dev.restcompress.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BufferPoolTest {
    @Test
    void roundsUpToPowerOfTwoClassesAndReuses() {
        BufferPool pool = new BufferPool(1 << 20, 2);
        byte[] a = pool.acquire(5000);
        assertEquals(8192, a.length);
        pool.release(a);
        assertSame(a, pool.acquire(6000));
        assertEquals(4096, pool.acquire(0).length);
        assertEquals(4096, pool.acquire(4096).length);
        assertEquals(8192, pool.acquire(4097).length);
        assertEquals(1 << 20, pool.acquire(1 << 20).length);
    }

    @Test
    void oversizedBuffersAreNotKept() {
        BufferPool pool = new BufferPool(1 << 16, 2);
        byte[] huge = pool.acquire((1 << 16) + 1);
        assertEquals((1 << 16) + 1, huge.length);
        assertEquals(1, pool.outstanding());
        pool.release(huge);
        assertEquals(0, pool.outstanding());
        assertNotSame(huge, pool.acquire((1 << 16) + 1));
    }

    @Test
    void keepsAtMostCapacityIdlePerClassAndNeverBlocks() {
        BufferPool pool = new BufferPool(1 << 16, 2);
        List<byte[]> taken = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            taken.add(pool.acquire(10_000));
        }
        assertEquals(10, pool.outstanding());
        taken.forEach(pool::release);
        assertEquals(0, pool.outstanding());
        // Exactly 2 (perClass) of the 10 stayed idle: taking 10 again reuses 2 and creates 8 new ones.
        java.util.Set<byte[]> released = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        released.addAll(taken);
        int reused = 0;
        List<byte[]> again = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            byte[] b = pool.acquire(10_000);
            again.add(b);
            reused += released.contains(b) ? 1 : 0;
        }
        assertEquals(2, reused, "arrays kept idle in the 16 KiB class");
        again.forEach(pool::release);
        // Classes are separate: idle 16 KiB arrays are never handed out for 4 KiB or 64 KiB requests.
        for (int size : new int[] {100, 40_000}) {
            byte[] other = pool.acquire(size);
            assertFalse(released.contains(other) || again.contains(other), "class of " + size);
            pool.release(other);
        }
        assertEquals(0, pool.outstanding());
    }

    @Test
    void validatesArguments() {
        assertThrows(IllegalArgumentException.class, () -> new BufferPool(5000, 2));
        assertThrows(IllegalArgumentException.class, () -> new BufferPool(1024, 2));
        assertThrows(IllegalArgumentException.class, () -> new BufferPool(1 << 16, 2).acquire(-1));
        assertThrows(IllegalArgumentException.class, () -> new ObjectPool<>(-1, Object::new, o -> { }));
    }

    @Test
    void growableBufferReturnsEveryArray() {
        BufferPool pool = new BufferPool(1 << 16, 2);
        GrowableBuffer b = new GrowableBuffer(pool, 4096);
        byte[] chunk = new byte[3000];
        for (int i = 0; i < 100; i++) {
            chunk[0] = (byte) i;
            b.write(chunk, 0, chunk.length);
        }
        assertEquals(300_000, b.size());
        assertEquals(99, b.array()[99 * 3000]);
        assertTrue(pool.outstanding() == 1);
        b.release();
        b.release();
        assertEquals(0, pool.outstanding());
    }
}
