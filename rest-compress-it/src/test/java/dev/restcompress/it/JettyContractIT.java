package dev.restcompress.it;

/**
 * The HTTP contract on Jetty 12 (ee10) embedded in the test JVM, with RESTEasy from the test class path
 * (the default profile). The server logs into this JVM, so the contract's one-log-line checks run too.
 */
class JettyContractIT extends DeployedContract {
}
