package rblab.harness;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An append-only text log whose every write() hands the bytes to the kernel at once (no user-space
 * buffer), so a kill -9 of the JVM loses nothing that was written. Thread-safe.
 */
public final class LineLog implements AutoCloseable {
    private final OutputStream out;
    private final boolean echo;
    private boolean closed;

    public LineLog(Path file, boolean echoToStdout) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        this.out = new FileOutputStream(file.toFile(), true);
        this.echo = echoToStdout;
    }

    /** Writes one line (a newline is added). */
    public void line(String s) {
        write(s + "\n");
    }

    /** Writes a block of text (already newline-terminated) in one system call. */
    public synchronized void write(CharSequence text) {
        if (closed || text.length() == 0) {
            return;
        }
        try {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            System.err.println("rblab: write failed: " + e);
        }
        if (echo) {
            System.out.print(text);
            System.out.flush();
        }
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            try {
                out.close();
            } catch (IOException ignored) {
            }
        }
    }
}
