// Starts Amazon's DynamoDB Local listening on 127.0.0.1 only. Its own launcher (ServerRunner) binds every
// interface and has no option to change that, so this one builds the same server from the same command
// line, sets the address on its Jetty connector, and starts it. `-port 0` takes any free port; the port is
// printed once the server listens, so the caller never guesses a port that someone else may take first.
// infra/local/dynamodb-process.ts compiles it once (javac) and runs it beside DynamoDBLocal.jar.
import java.lang.reflect.Field;
import java.util.Arrays;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import software.amazon.dynamodb.services.local.main.ServerRunner;
import software.amazon.dynamodb.services.local.server.DynamoDBProxyServer;

class LoopbackDynamoDB {
  static final String READY = "aivatar-dynamodb-ready port=";

  public static void main(String[] args) throws Exception {
    String[] cli = Arrays.copyOf(args, args.length);
    int port = 8000;
    for (int i = 0; i + 1 < cli.length; i++) {
      if (cli[i].equals("-port")) {
        port = Integer.parseInt(cli[i + 1]);
        // ServerRunner refuses 0; the connector below gets the real value.
        cli[i + 1] = "8000";
      }
    }
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(cli);
    Field field = DynamoDBProxyServer.class.getDeclaredField("server");
    field.setAccessible(true);
    Server server = (Server) field.get(proxy);
    ServerConnector connector = null;
    for (Connector c : server.getConnectors()) {
      connector = (ServerConnector) c;
      connector.setHost("127.0.0.1");
      connector.setPort(port);
    }
    if (connector == null) throw new IllegalStateException("DynamoDB Local has no HTTP connector");
    proxy.start();
    if (!server.isStarted() || connector.getLocalPort() <= 0) {
      System.err.println("DynamoDB Local did not start on 127.0.0.1:" + port);
      System.exit(1);
    }
    System.out.println(READY + connector.getLocalPort());
    System.out.flush();
  }
}
