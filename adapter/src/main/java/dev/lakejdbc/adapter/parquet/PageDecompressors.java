package dev.lakejdbc.adapter.parquet;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The decompressors a file reader uses: SNAPPY pages through snappy-java at once, every other codec as
 * parquet-java provides it. parquet-java's SNAPPY path builds a Hadoop decompressor stream per page and
 * looks its buffer size up in the Hadoop Configuration each time; for the small pages a column index
 * lets a data filter pick out (a few hundred rows), that cost a tenth of a filtered scan's time. The
 * SNAPPY decompressor here holds no state, so one serves every reader.
 */
final class PageDecompressors implements CompressionCodecFactory {
  private static final BytesInputDecompressor SNAPPY = new BytesInputDecompressor() {
    @Override public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
      // The page's bytes where they lie when that is a heap array (parquet-java reads a column chunk
      // into one): toByteArray() copied them twice, through a stream: 0.74 of the 9.7 GB that
      // TPC-DS q9, q28 and q88 allocated.
      ByteBuffer in = bytes.toByteBuffer();
      byte[] uncompressed = new byte[uncompressedSize];
      int n;
      if (in.hasArray()) {
        n = Snappy.uncompress(in.array(), in.arrayOffset() + in.position(), in.remaining(),
            uncompressed, 0);
      } else {
        byte[] compressed = new byte[in.remaining()];
        in.duplicate().get(compressed);
        n = Snappy.uncompress(compressed, 0, compressed.length, uncompressed, 0);
      }
      if (n != uncompressedSize) {
        throw new IOException("SNAPPY page: " + n + " bytes uncompressed, " + uncompressedSize + " expected");
      }
      return BytesInput.from(uncompressed);
    }

    @Override public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output,
        int uncompressedSize) throws IOException {
      ByteBuffer in = input.duplicate();
      in.limit(in.position() + compressedSize);
      byte[] compressed = new byte[compressedSize];
      in.get(compressed);
      byte[] uncompressed = decompress(BytesInput.from(compressed), uncompressedSize).toByteArray();
      output.put(uncompressed);
    }

    @Override public void release() {
    }
  };

  private final CompressionCodecFactory others;

  /** @param others the factory for every codec but SNAPPY (and for compressing, which no reader does) */
  PageDecompressors(CompressionCodecFactory others) {
    this.others = others;
  }

  @Override public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    return codec == CompressionCodecName.SNAPPY ? SNAPPY : others.getDecompressor(codec);
  }

  @Override public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return others.getCompressor(codec);
  }

  @Override public void release() {
    others.release();
  }
}
