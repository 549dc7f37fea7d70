package dev.lakejdbc.driver;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP proxy on 127.0.0.1 in front of the S3 server: it reads each HTTP request the client sends
 * (request line, headers, body by Content-Length) before passing it on, so it counts what the server
 * receives — LIST, HEAD, GET — and it can make the endpoint fail as networks do: refuse connections,
 * accept them and never answer, or die in the middle of a query (every connection cut, later ones
 * refused).
 */
public final class S3Wire implements AutoCloseable {
  public enum Kind { LIST, HEAD, GET, OTHER }

  public enum Mode { PASS, REFUSE, SILENT }

  private final int upstreamPort;
  private final int port;
  private volatile ServerSocket server;
  private volatile Mode mode = Mode.PASS;
  private final Map<Kind, AtomicLong> counts = new EnumMap<>(Kind.class);
  private final Set<Socket> open = ConcurrentHashMap.newKeySet();
  /** The kind and URI of every request since the last reset. */
  private final java.util.List<String> log = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
  /** Requests by the access key that signed them ("" for unsigned ones). */
  private final Map<String, AtomicLong> byAccessKey = new ConcurrentHashMap<>();
  /** Requests still let through before the endpoint dies; negative: never. */
  private final AtomicInteger dieAfter = new AtomicInteger(-1);
  private volatile boolean closed;

  public S3Wire(int upstreamPort) throws IOException {
    this.upstreamPort = upstreamPort;
    for (Kind k : Kind.values()) {
      counts.put(k, new AtomicLong());
    }
    ServerSocket s = bind(0);
    port = s.getLocalPort();
    listen(s);
  }

  private static ServerSocket bind(int port) throws IOException {
    ServerSocket s = new ServerSocket();
    s.setReuseAddress(true);
    s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), port), 50);
    return s;
  }

  public int port() {
    return port;
  }

  private void listen(ServerSocket s) {
    server = s;
    Thread accept = new Thread(() -> {
      while (!s.isClosed()) {
        try {
          Socket client = s.accept();
          open.add(client);
          // mode() sets the mode before it cuts what is open: a connection accepted meanwhile, which
          // the cut may have missed, sees the new mode here.
          if (mode == Mode.REFUSE) {
            open.remove(client);
            closeQuietly(client);
          } else if (mode == Mode.SILENT) {
            daemon("s3-wire-silent", () -> drain(client));
          } else {
            daemon("s3-wire-conn", () -> serve(client));
          }
        } catch (IOException e) {
          return;
        }
      }
    }, "s3-wire-accept");
    accept.setDaemon(true);
    accept.start();
  }

  private static void daemon(String name, Runnable r) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    t.start();
  }

  /** Sets how the endpoint behaves from now on; REFUSE and SILENT cut every open connection. */
  public synchronized void mode(Mode next) throws IOException {
    if (next == mode) {
      return;
    }
    Mode previous = mode;
    mode = next;
    if (next != Mode.PASS) {
      cutAll();
    }
    if (next == Mode.REFUSE) {
      server.close();
    } else if (previous == Mode.REFUSE) {
      listen(bind(port));
    }
  }

  /** After {@code requests} more requests have passed, cut every connection and refuse new ones. */
  public void dieAfter(int requests) {
    dieAfter.set(requests);
  }

  private void cutAll() {
    // Each socket removed as it is closed: clearing the set afterwards would also forget, without
    // closing it, one added while the loop ran.
    for (Socket s : open) {
      open.remove(s);
      try {
        s.close();
      } catch (IOException e) {
        // already gone
      }
    }
  }

  /** Requests received so far, by kind. */
  public Map<Kind, Long> counts() {
    Map<Kind, Long> result = new EnumMap<>(Kind.class);
    counts.forEach((k, v) -> result.put(k, v.get()));
    return result;
  }

  public long count(Kind kind) {
    return counts.get(kind).get();
  }

  public long total() {
    return counts.values().stream().mapToLong(AtomicLong::get).sum();
  }

  public void reset() {
    counts.values().forEach(c -> c.set(0));
    byAccessKey.clear();
    log.clear();
  }

  /** {@code KIND uri} of every request since the last reset, URI decoded. */
  public java.util.List<String> requests() {
    synchronized (log) {
      return java.util.List.copyOf(log);
    }
  }

  private void drain(Socket client) {
    try (InputStream in = client.getInputStream()) {
      byte[] buffer = new byte[8192];
      while (in.read(buffer) >= 0) {
        // Read and never answer.
      }
    } catch (IOException e) {
      // cut
    } finally {
      open.remove(client);
    }
  }

  private void serve(Socket client) {
    Socket upstream = new Socket();
    try {
      upstream.connect(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), upstreamPort), 2000);
      open.add(upstream);
      InputStream fromServer = upstream.getInputStream();
      OutputStream toClient = client.getOutputStream();
      daemon("s3-wire-back", () -> {
        byte[] buffer = new byte[64 * 1024];
        try {
          int n;
          while ((n = fromServer.read(buffer)) >= 0) {
            toClient.write(buffer, 0, n);
          }
        } catch (IOException e) {
          // cut
        } finally {
          closeQuietly(client);
          closeQuietly(upstream);
        }
      });
      InputStream fromClient = new java.io.BufferedInputStream(client.getInputStream());
      OutputStream toServer = upstream.getOutputStream();
      while (true) {
        byte[] head = readHead(fromClient);
        if (head == null) {
          break;
        }
        if (mode != Mode.PASS) {
          // A connection that outlived the switch (accepted while the cut ran) is cut now, before it
          // forwards anything: a fault never lets a request through.
          return;
        }
        String text = new String(head, StandardCharsets.ISO_8859_1);
        count(text);
        if (dieAfter.get() >= 0 && dieAfter.getAndDecrement() == 0) {
          dieAfter.set(-1);
          mode(Mode.REFUSE);
          return;
        }
        toServer.write(head);
        long length = contentLength(text);
        copy(fromClient, toServer, length);
        toServer.flush();
      }
    } catch (IOException e) {
      // cut or refused
    } finally {
      closeQuietly(client);
      closeQuietly(upstream);
    }
  }

  private void count(String head) {
    String line = head.substring(0, Math.max(0, head.indexOf("\r\n")));
    String[] parts = line.split(" ");
    if (parts.length < 2) {
      return;
    }
    String method = parts[0].toUpperCase(Locale.ROOT);
    String uri = parts[1];
    Kind kind;
    if (method.equals("HEAD")) {
      kind = Kind.HEAD;
    } else if (method.equals("GET")) {
      String path = uri.contains("?") ? uri.substring(0, uri.indexOf('?')) : uri;
      boolean bucketOnly = path.chars().filter(c -> c == '/').count() <= 1
          || (path.endsWith("/") && path.indexOf('/', 1) == path.length() - 1);
      kind = uri.contains("list-type=") || uri.contains("delimiter=") || bucketOnly ? Kind.LIST : Kind.GET;
    } else {
      kind = Kind.OTHER;
    }
    counts.get(kind).incrementAndGet();
    log.add(kind + " " + java.net.URLDecoder.decode(uri, StandardCharsets.UTF_8));
    byAccessKey.computeIfAbsent(accessKey(head), k -> new AtomicLong()).incrementAndGet();
  }

  /** The access key of a request's Authorization header: v4 {@code Credential=KEY/...}, v2 {@code AWS KEY:}. */
  private static String accessKey(String head) {
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Authorization")) {
        String value = line.substring(colon + 1).trim();
        int credential = value.indexOf("Credential=");
        if (credential >= 0) {
          int slash = value.indexOf('/', credential);
          return value.substring(credential + "Credential=".length(), slash < 0 ? value.length() : slash);
        }
        if (value.startsWith("AWS ")) {
          int c = value.indexOf(':', 4);
          return value.substring(4, c < 0 ? value.length() : c);
        }
        return value;
      }
    }
    return "";
  }

  /** Requests so far by the access key that signed them. */
  public Map<String, Long> byAccessKey() {
    Map<String, Long> result = new java.util.TreeMap<>();
    byAccessKey.forEach((k, v) -> result.put(k, v.get()));
    return result;
  }

  private static byte[] readHead(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream(512);
    int last4 = 0;
    while (true) {
      int b = in.read();
      if (b < 0) {
        return null;
      }
      head.write(b);
      last4 = (last4 << 8) | b;
      if (last4 == 0x0D0A0D0A) {
        return head.toByteArray();
      }
    }
  }

  private static long contentLength(String head) {
    for (String line : head.split("\r\n")) {
      int colon = line.indexOf(':');
      if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase("Content-Length")) {
        return Long.parseLong(line.substring(colon + 1).trim());
      }
    }
    return 0;
  }

  private static void copy(InputStream in, OutputStream out, long length) throws IOException {
    byte[] buffer = new byte[8192];
    long left = length;
    while (left > 0) {
      int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
      if (n < 0) {
        throw new IOException("request body cut short");
      }
      out.write(buffer, 0, n);
      left -= n;
    }
  }

  private void closeQuietly(Socket s) {
    open.remove(s);
    try {
      s.close();
    } catch (IOException e) {
      // already gone
    }
  }

  @Override public synchronized void close() {
    closed = true;
    try {
      server.close();
    } catch (IOException e) {
      // already closed
    }
    cutAll();
  }

  boolean isClosed() {
    return closed;
  }
}
