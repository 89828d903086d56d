/**
 * Public API: {@link dev.restcompress.config.CompressionSettings}, the {@code rest-compress.*}
 * configuration keys (as constants), their defaults and validation, read once per feature.
 */
package dev.restcompress.config;
