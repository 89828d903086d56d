package dev.restcompress.bench.dictionary;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Samples for dictionary training, split so that the trainer never sees a measured byte: sources cut into 0.5-4 KiB
 * pieces (the trainer works best on samples of the size it will see), every fifth source (or piece) held out.
 */
public final class DictionarySamples {
    private static final int[] PIECES = {512, 1024, 2048, 4096};
    private static final int HOLD_OUT_EVERY = 5;
    private static final Pattern NOT_SAMPLE = Pattern.compile("(\\.|README).*|.*\\.(py|sh|md)");

    public record Split(List<List<byte[]>> training, List<byte[]> heldOut, int sources, int heldOutSources) { }

    private DictionarySamples() {}

    /** A folder's files matching {@code glob}, or the bodies of a file listing http(s) URLs ({@code #} comments). */
    public static List<byte[]> load(Path samples, String glob) throws IOException, InterruptedException {
        List<byte[]> out = new ArrayList<>();
        if (Files.isDirectory(samples)) {
            PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
            try (Stream<Path> files = Files.walk(samples)) {
                for (Path p : files.filter(p -> Files.isRegularFile(p) && matcher.matches(p.getFileName())
                        && !NOT_SAMPLE.matcher(p.getFileName().toString()).matches()).sorted().toList()) {
                    out.add(Files.readAllBytes(p));
                }
            }
            return out;
        }
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        for (String url : Files.readAllLines(samples).stream().map(String::strip)
                .filter(u -> !u.isEmpty() && !u.startsWith("#")).toList()) {
            HttpResponse<byte[]> r = http.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                    .header("Accept-Encoding", "identity").build(), HttpResponse.BodyHandlers.ofByteArray());
            if (r.statusCode() != 200) {
                throw new IOException(url + " answered " + r.statusCode());
            }
            out.add(r.body());
        }
        return out;
    }

    public static Split split(List<byte[]> sources) {
        List<List<byte[]>> training = new ArrayList<>();
        List<byte[]> heldOut = new ArrayList<>();
        boolean bySource = sources.size() >= HOLD_OUT_EVERY;
        int pieceIndex = 0;
        for (int s = 0; s < sources.size(); s++) {
            List<byte[]> train = new ArrayList<>();
            for (byte[] piece : pieces(sources.get(s))) {
                boolean hold = (bySource ? s : pieceIndex++) % HOLD_OUT_EVERY == HOLD_OUT_EVERY - 1;
                (hold ? heldOut : train).add(piece);
            }
            if (!train.isEmpty()) {
                training.add(train);
            }
        }
        return new Split(training, heldOut, sources.size(), bySource ? sources.size() / HOLD_OUT_EVERY : 0);
    }

    public static Split separate(List<byte[]> training, List<byte[]> heldOut) {
        return new Split(training.stream().map(DictionarySamples::pieces).toList(),
                heldOut.stream().flatMap(s -> pieces(s).stream()).toList(), training.size() + heldOut.size(),
                heldOut.size());
    }

    public static List<byte[]> pieces(byte[] source) {
        if (source.length <= PIECES[PIECES.length - 1]) {
            return List.of(source);
        }
        List<byte[]> out = new ArrayList<>();
        for (int at = 0, i = 0; at < source.length; at += PIECES[i++ % PIECES.length]) {
            out.add(Arrays.copyOfRange(source, at, Math.min(source.length, at + PIECES[i % PIECES.length])));
        }
        return out;
    }

    /**
     * At most {@code maxBytes} of the pieces, one of every source per round (each source's in a fixed shuffled
     * order), so a few large files do not crowd out the small ones (the trainer's time grows with its input).
     */
    public static List<byte[]> balanced(List<List<byte[]>> perSource, long maxBytes) {
        Random random = new Random(42);
        List<Iterator<byte[]>> queues = new ArrayList<>();
        for (List<byte[]> pieces : perSource) {
            List<byte[]> shuffled = new ArrayList<>(pieces);
            Collections.shuffle(shuffled, random);
            queues.add(shuffled.iterator());
        }
        List<byte[]> out = new ArrayList<>();
        long bytes = 0;
        while (!queues.isEmpty()) {
            queues.removeIf(q -> !q.hasNext());
            for (Iterator<byte[]> q : queues) {
                byte[] p = q.next();
                if ((bytes += p.length) > maxBytes) {
                    return out;
                }
                out.add(p);
            }
        }
        return out;
    }
}
