package dev.restcompress.it;

/**
 * The HTTP contract on WildFly 39 with its own RESTEasy (profile {@code wildfly}). The server runs in a
 * process of its own and logs into its own {@code server.log}, so the contract checks statuses only
 * where it would otherwise read the log.
 */
class WildFlyContractIT extends DeployedContract {
    @Override
    protected boolean logsInProcess() {
        return false;
    }
}
