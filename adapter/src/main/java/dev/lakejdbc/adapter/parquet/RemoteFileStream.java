package dev.lakejdbc.adapter.parquet;

import dev.lakejdbc.adapter.StorageCalls;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A remote file's stream whose reads a statement's cancel or timeout can end ({@link StorageCalls}):
 * S3A's stream blocks in the HTTP client, which neither an interrupt nor a close from another thread
 * ends while a request waits (its methods hold the stream's lock). After a read was abandoned the stream
 * is closed in the background, when that read ends, so that closing it never waits on the network.
 */
final class RemoteFileStream extends SeekableInputStream {
  private final SeekableInputStream in;
  private final StorageCalls calls;
  private volatile boolean abandoned;

  RemoteFileStream(SeekableInputStream in, StorageCalls calls) {
    this.in = in;
    this.calls = calls;
  }

  private <T> T call(StorageCalls.IoCall<T> call) throws IOException {
    try {
      return calls.call(call);
    } catch (RuntimeException e) {
      abandoned = true;
      throw e;
    }
  }

  @Override public long getPos() throws IOException {
    return in.getPos();
  }

  @Override public void seek(long newPos) throws IOException {
    call(() -> {
      in.seek(newPos);
      return null;
    });
  }

  @Override public int read() throws IOException {
    return call(in::read);
  }

  @Override public int read(byte[] b, int off, int len) throws IOException {
    return call(() -> in.read(b, off, len));
  }

  @Override public void readFully(byte[] bytes) throws IOException {
    readFully(bytes, 0, bytes.length);
  }

  @Override public void readFully(byte[] bytes, int start, int len) throws IOException {
    call(() -> {
      in.readFully(bytes, start, len);
      return null;
    });
  }

  @Override public int read(ByteBuffer buf) throws IOException {
    return call(() -> in.read(buf));
  }

  @Override public void readFully(ByteBuffer buf) throws IOException {
    call(() -> {
      in.readFully(buf);
      return null;
    });
  }

  @Override public void close() throws IOException {
    if (!abandoned) {
      in.close();
      return;
    }
    Thread closer = new Thread(() -> {
      try {
        in.close();
      } catch (IOException | RuntimeException e) {
        // The read that was abandoned failed too; nobody waits for this stream any more.
      }
    }, "lake-stream-close");
    closer.setDaemon(true);
    closer.start();
  }
}
