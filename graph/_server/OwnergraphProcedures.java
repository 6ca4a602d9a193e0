// Server-side traversals registered by the launcher (and loadable as a plugin): the same
// time gate and direction-of-risk rules as cypher/snapshot_step.cypher, without one Bolt
// record and one interpreted expand per edge (graph/analytics/contagion.py picks this
// procedure when the server has it and falls back to the Cypher step otherwise).
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.neo4j.graphdb.Direction;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Relationship;
import org.neo4j.graphdb.RelationshipType;
import org.neo4j.graphdb.Transaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

public final class OwnergraphProcedures {
    private static final Label ENTITY = Label.label("Entity");
    private static final String[] NODE_FIELDS = {"key", "name", "lei", "kind"};

    @Context
    public Transaction tx;

    /** One hop of a cascade: the edges that reached parties first hit at this hop, and those parties. */
    public static final class Hop {
        public long hop;
        public List<Map<String, Object>> edges;
        public List<Map<String, Object>> nodes;

        Hop(long hop, List<Map<String, Object>> edges, List<Map<String, Object>> nodes) {
            this.hop = hop;
            this.edges = edges;
            this.nodes = nodes;
        }
    }

    @Procedure(name = "ownergraph.cascade", mode = Mode.READ)
    @Description("Breadth-first default cascade from the entity `key`: incoming edges of `hitSource` types "
            + "(their source is hit) and outgoing edges of `hitTarget` types (their target is hit), each admitted "
            + "by valid_from <= asOf < valid_to and known_from <= knownAt < known_to, skipping `suppressed` "
            + "statement ids. One row per hop (0 = the defaulted entity).")
    public Stream<Hop> cascade(@Name("key") String key, @Name("hitSource") List<String> hitSource,
                               @Name("hitTarget") List<String> hitTarget, @Name("asOf") LocalDate asOf,
                               @Name("knownAt") ZonedDateTime knownAt, @Name("maxHops") long maxHops,
                               @Name(value = "suppressed", defaultValue = "[]") List<String> suppressed) {
        Node start = tx.findNode(ENTITY, "key", key);
        if (start == null) {
            return Stream.empty();
        }
        RelationshipType[] in = types(hitSource);
        RelationshipType[] out = types(hitTarget);
        Set<String> skip = new HashSet<>(suppressed);
        List<Hop> hops = new ArrayList<>();
        hops.add(new Hop(0, List.of(), List.of(nodeMap(start))));
        Set<Long> hit = new HashSet<>();  // internal ids: an element id is a new string per call
        hit.add(start.getId());
        List<Node> frontier = List.of(start);
        for (long h = 1; h <= maxHops && !frontier.isEmpty(); h++) {
            List<Map<String, Object>> edges = new ArrayList<>();
            Map<Long, Node> reached = new LinkedHashMap<>();
            for (Node d : frontier) {
                if (in.length > 0) {
                    collect(d, d.getRelationships(Direction.INCOMING, in), true, asOf, knownAt, skip, hit, edges, reached);
                }
                if (out.length > 0) {
                    collect(d, d.getRelationships(Direction.OUTGOING, out), false, asOf, knownAt, skip, hit, edges, reached);
                }
            }
            hit.addAll(reached.keySet());
            List<Map<String, Object>> nodes = new ArrayList<>(reached.size());
            for (Node v : reached.values()) {
                nodes.add(nodeMap(v));
            }
            hops.add(new Hop(h, edges, nodes));
            frontier = new ArrayList<>(reached.values());
        }
        return hops.stream();
    }

    private static void collect(Node d, Iterable<Relationship> rels, boolean sourceIsHit, LocalDate asOf,
                                ZonedDateTime knownAt, Set<String> skip, Set<Long> hit,
                                List<Map<String, Object>> edges, Map<Long, Node> reached) {
        for (Relationship r : rels) {
            Node v = sourceIsHit ? r.getStartNode() : r.getEndNode();
            long vid = v.getId();
            if (hit.contains(vid)) {
                continue;
            }
            Map<String, Object> props = r.getAllProperties();  // one walk of the property chain
            Object statement = props.get("statement_id");
            if (!admitted(props, asOf, knownAt) || (statement != null && skip.contains(statement.toString()))
                    || !v.hasLabel(ENTITY)) {
                continue;
            }
            Map<String, Object> e = new HashMap<>();
            e.put("rid", r.getElementId());
            e.put("source", sourceIsHit ? v.getProperty("key", null) : d.getProperty("key", null));
            e.put("target", sourceIsHit ? d.getProperty("key", null) : v.getProperty("key", null));
            e.put("type", r.getType().name());
            e.put("props", clocksAsText(props));
            edges.add(e);
            reached.putIfAbsent(vid, v);
        }
    }

    // The four clocks as ISO strings (the Python driver's temporal hydration is slow); the
    // Cypher gate's null semantics: a missing or non-temporal clock value admits nothing.
    private static boolean admitted(Map<String, Object> props, LocalDate asOf, ZonedDateTime knownAt) {
        if (!(props.get("valid_from") instanceof LocalDate vf) || !(props.get("valid_to") instanceof LocalDate vt)
                || !(props.get("known_from") instanceof ZonedDateTime kf)
                || !(props.get("known_to") instanceof ZonedDateTime kt)) {
            return false;
        }
        return !vf.isAfter(asOf) && asOf.isBefore(vt) && !kf.isAfter(knownAt) && knownAt.isBefore(kt);
    }

    private static Map<String, Object> clocksAsText(Map<String, Object> stored) {
        Map<String, Object> props = new HashMap<>(stored);
        for (String k : new String[] {"valid_from", "valid_to"}) {
            props.put(k, props.get(k).toString());
        }
        for (String k : new String[] {"known_from", "known_to"}) {
            props.put(k, ((ZonedDateTime) props.get(k)).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
        }
        return props;
    }

    private static Map<String, Object> nodeMap(Node n) {
        Map<String, Object> m = new HashMap<>();
        for (String k : NODE_FIELDS) {
            m.put(k, n.getProperty(k, null));
        }
        return m;
    }

    private static RelationshipType[] types(List<String> names) {
        return names.stream().map(RelationshipType::withName).toArray(RelationshipType[]::new);
    }
}
