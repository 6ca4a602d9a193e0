// Runs Neo4j Community embedded with its Bolt connector, configured by <home>/conf/neo4j.conf.
// ownergraph's procedures come as a plugin jar in the folder named by server.directories.plugins
// (built by graph/plugin.py), loaded by Neo4j itself as a self-managed server loads it.
// Started and stopped by `ownergraph neo4j start|stop`; prints READY once Bolt accepts work.
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;

public final class OwnergraphNeo4j {
    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: OwnergraphNeo4j <home>");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        Path conf = home.resolve("conf").resolve("neo4j.conf");
        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .loadPropertiesFromFile(conf)
                .build();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("STOPPING");
            dbms.shutdown();
            System.out.println("STOPPED");
        }));
        Path passwordFile = home.resolve("conf").resolve("initial-password");
        if (Files.exists(passwordFile)) {
            // First boot only: replace the default password so no change is required at login.
            String password = Files.readString(passwordFile).trim();
            GraphDatabaseService system = dbms.database("system");
            system.executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
                    Map.of("password", password));
            Files.delete(passwordFile);
        }
        GraphDatabaseService db = dbms.database("neo4j");
        try {
            db.executeTransactionally("RETURN 1");
        } catch (Exception e) {
            e.printStackTrace();
            System.exit(1);  // Neo4j's threads would keep a half-started server alive
        }
        System.out.println("READY " + org.neo4j.kernel.internal.Version.getNeo4jVersion());
        System.out.flush();
        Thread.currentThread().join();
    }
}
