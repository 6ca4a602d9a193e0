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
import java.util.LinkedHashSet;
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
        public List<List<Object>> edges;
        public List<Map<String, Object>> nodes;

        Hop(long hop, List<List<Object>> edges, List<Map<String, Object>> nodes) {
            this.hop = hop;
            this.edges = edges;
            this.nodes = nodes;
        }
    }

    @Procedure(name = "ownergraph.cascade", mode = Mode.READ)
    @Description("Breadth-first default cascade from the entity `key`: incoming edges of `hitSource` types "
            + "(their source is hit) and outgoing edges of `hitTarget` types (their target is hit), each admitted "
            + "by valid_from <= asOf < valid_to and known_from <= knownAt < known_to, skipping `suppressed` "
            + "statement ids. One row per hop (0 = the defaulted entity) with the parties first hit at that hop "
            + "and the edges that reached them, each as [source, source_name, target, target_name, type, "
            + "...the values of `fields`].")
    public Stream<Hop> cascade(@Name("key") String key, @Name("hitSource") List<String> hitSource,
                               @Name("hitTarget") List<String> hitTarget, @Name("asOf") LocalDate asOf,
                               @Name("knownAt") ZonedDateTime knownAt, @Name("maxHops") long maxHops,
                               @Name("suppressed") List<String> suppressed,
                               @Name("fields") List<String> fields) {
        Node start = tx.findNode(ENTITY, "key", key);
        if (start == null) {
            return Stream.empty();
        }
        RelationshipType[] in = types(hitSource);
        RelationshipType[] out = types(hitTarget);
        Gate gate = new Gate(asOf, knownAt, new HashSet<>(suppressed), fields);
        List<Hop> hops = new ArrayList<>();
        Map<Long, Map<String, Object>> facts = new HashMap<>();  // key/name/lei/kind, read once per node
        hops.add(new Hop(0, List.of(), List.of(facts(start, facts))));
        Set<Long> hit = new HashSet<>();  // internal ids: an element id is a new string per call
        hit.add(start.getId());
        List<Node> frontier = List.of(start);
        for (long h = 1; h <= maxHops && !frontier.isEmpty(); h++) {
            List<List<Object>> edges = new ArrayList<>();
            Map<Long, Node> reached = new LinkedHashMap<>();
            for (Node d : frontier) {
                if (in.length > 0) {
                    collect(d, d.getRelationships(Direction.INCOMING, in), true, gate, hit, facts, edges, reached);
                }
                if (out.length > 0) {
                    collect(d, d.getRelationships(Direction.OUTGOING, out), false, gate, hit, facts, edges, reached);
                }
            }
            hit.addAll(reached.keySet());
            List<Map<String, Object>> nodes = new ArrayList<>(reached.size());
            for (Node v : reached.values()) {
                nodes.add(facts(v, facts));
            }
            hops.add(new Hop(h, edges, nodes));
            frontier = new ArrayList<>(reached.values());
        }
        return hops.stream();
    }

    private static void collect(Node d, Iterable<Relationship> rels, boolean sourceIsHit, Gate gate, Set<Long> hit,
                                Map<Long, Map<String, Object>> facts, List<List<Object>> edges,
                                Map<Long, Node> reached) {
        for (Relationship r : rels) {
            Node v = sourceIsHit ? r.getStartNode() : r.getEndNode();
            long vid = v.getId();
            if (hit.contains(vid)) {
                continue;
            }
            Map<String, Object> props = r.getProperties(gate.keys);  // one walk of the property chain
            if (!gate.admits(props) || !v.hasLabel(ENTITY)) {
                continue;
            }
            Map<String, Object> source = facts(sourceIsHit ? v : d, facts);
            Map<String, Object> target = facts(sourceIsHit ? d : v, facts);
            List<Object> e = new ArrayList<>(5 + gate.fields.size());
            e.add(source.get("key"));
            e.add(source.get("name"));
            e.add(target.get("key"));
            e.add(target.get("name"));
            e.add(r.getType().name());
            gate.output(props, e);
            edges.add(e);
            reached.putIfAbsent(vid, v);
        }
    }

    /** The time gate, the suppressed statements, and what of an admitted edge goes back. */
    private static final class Gate {
        private final LocalDate asOf;
        private final ZonedDateTime knownAt;
        private final Set<String> suppressed;
        final List<String> fields;
        final String[] keys;  // what is read of each edge: the clocks, the statement id, the fields
        private final Map<ZonedDateTime, String> instants = new HashMap<>();  // most known_to are one sentinel

        Gate(LocalDate asOf, ZonedDateTime knownAt, Set<String> suppressed, List<String> fields) {
            this.asOf = asOf;
            this.knownAt = knownAt;
            this.suppressed = suppressed;
            this.fields = fields;
            Set<String> read = new LinkedHashSet<>(List.of("valid_from", "valid_to", "known_from", "known_to",
                    "statement_id"));
            read.addAll(fields);
            this.keys = read.toArray(String[]::new);
        }

        // valid_from <= asOf < valid_to and known_from <= knownAt < known_to, with the Cypher
        // gate's null semantics: a missing or non-temporal clock value admits nothing.
        boolean admits(Map<String, Object> props) {
            if (!(props.get("valid_from") instanceof LocalDate vf) || !(props.get("valid_to") instanceof LocalDate vt)
                    || !(props.get("known_from") instanceof ZonedDateTime kf)
                    || !(props.get("known_to") instanceof ZonedDateTime kt)) {
                return false;
            }
            Object statement = props.get("statement_id");
            return !vf.isAfter(asOf) && asOf.isBefore(vt) && !kf.isAfter(knownAt) && knownAt.isBefore(kt)
                    && (statement == null || !suppressed.contains(statement.toString()));
        }

        // The values of `fields` on an admitted edge, in that order (null where absent); dates
        // and datetimes as ISO strings (the Python driver's temporal hydration is slow).
        void output(Map<String, Object> stored, List<Object> row) {
            for (String k : fields) {
                Object v = stored.get(k);
                if (v instanceof LocalDate day) {
                    v = day.toString();
                } else if (v instanceof ZonedDateTime t) {
                    v = instants.computeIfAbsent(t, z -> z.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
                }
                row.add(v);
            }
        }
    }

    private static Map<String, Object> facts(Node n, Map<Long, Map<String, Object>> cache) {
        return cache.computeIfAbsent(n.getId(), id -> {
            Map<String, Object> m = new HashMap<>(n.getProperties(NODE_FIELDS));
            for (String k : NODE_FIELDS) {
                m.putIfAbsent(k, null);
            }
            return m;
        });
    }

    private static RelationshipType[] types(List<String> names) {
        return names.stream().map(RelationshipType::withName).toArray(RelationshipType[]::new);
    }
}
