package dev.lakejdbc.driver.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.logging.LogManager;

/**
 * The logging of the jar's own processes (shell, server, demo). The driver itself never configures
 * logging: the libraries inside the jar log through java.util.logging, which a host application owns.
 * The jar's main class is such a host, and keeps library output to warnings, one line each, unless the
 * JVM was started with a JUL configuration of its own.
 */
final class CliLogging {
  private CliLogging() {}

  static void configure() {
    if (System.getProperty("java.util.logging.config.file") != null
        || System.getProperty("java.util.logging.config.class") != null) {
      return;
    }
    try (InputStream in = CliLogging.class.getResourceAsStream("logging.properties")) {
      LogManager.getLogManager().readConfiguration(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the shell's logging configuration", e);
    }
  }
}
