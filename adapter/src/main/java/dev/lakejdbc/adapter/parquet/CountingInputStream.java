package dev.lakejdbc.adapter.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.LongConsumer;
import org.apache.parquet.io.SeekableInputStream;

/** A Parquet input stream that reports every byte it reads, for the scan's bytes_read. */
final class CountingInputStream extends SeekableInputStream {
  private final SeekableInputStream in;
  private final LongConsumer bytesRead;

  CountingInputStream(SeekableInputStream in, LongConsumer bytesRead) {
    this.in = in;
    this.bytesRead = bytesRead;
  }

  @Override public long getPos() throws IOException {
    return in.getPos();
  }

  @Override public void seek(long newPos) throws IOException {
    in.seek(newPos);
  }

  @Override public int read() throws IOException {
    int b = in.read();
    if (b >= 0) {
      bytesRead.accept(1);
    }
    return b;
  }

  @Override public int read(byte[] b, int off, int len) throws IOException {
    int n = in.read(b, off, len);
    if (n > 0) {
      bytesRead.accept(n);
    }
    return n;
  }

  @Override public void readFully(byte[] bytes) throws IOException {
    in.readFully(bytes);
    bytesRead.accept(bytes.length);
  }

  @Override public void readFully(byte[] bytes, int start, int len) throws IOException {
    in.readFully(bytes, start, len);
    bytesRead.accept(len);
  }

  @Override public int read(ByteBuffer buf) throws IOException {
    int n = in.read(buf);
    if (n > 0) {
      bytesRead.accept(n);
    }
    return n;
  }

  @Override public void readFully(ByteBuffer buf) throws IOException {
    int n = buf.remaining();
    in.readFully(buf);
    bytesRead.accept(n);
  }

  @Override public void close() throws IOException {
    in.close();
  }
}
