// Server-side traversals, built as a plugin jar (`ownergraph neo4j plugin`, graph/plugin.py) that a
// Neo4j 5.26 server loads from its plugins/ folder; the project-managed launcher loads the same jar.
// The same time gate and direction-of-risk rules as cypher/snapshot_step.cypher, without one Bolt
// record and one interpreted expand per edge (graph/analytics/contagion.py picks this
// procedure when the server has it and falls back to the Cypher step otherwise).
// The walk reads through kernel cursors: no entity object or property map per relationship,
// and only the clock properties of an edge the gate then rejects. Each hop goes back as JSON
// text: one value to convert and send instead of ~26 per edge (converting a procedure's lists
// of Java objects into Cypher values cost more than the walk itself).
package ownergraph.neo4j;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Properties;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.eclipse.collections.impl.list.mutable.primitive.LongArrayList;
import org.eclipse.collections.impl.set.mutable.primitive.LongHashSet;
import org.neo4j.graphdb.Direction;
import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;
import org.neo4j.internal.kernel.api.CursorFactory;
import org.neo4j.internal.kernel.api.NodeCursor;
import org.neo4j.internal.kernel.api.PropertyCursor;
import org.neo4j.internal.kernel.api.Read;
import org.neo4j.internal.kernel.api.RelationshipTraversalCursor;
import org.neo4j.internal.kernel.api.TokenRead;
import org.neo4j.kernel.api.KernelTransaction;
import org.neo4j.kernel.impl.coreapi.InternalTransaction;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;
import org.neo4j.storageengine.api.PropertySelection;
import org.neo4j.storageengine.api.RelationshipSelection;
import org.neo4j.token.api.TokenConstants;
import org.neo4j.values.storable.Value;

public final class OwnergraphProcedures {
    private static final String[] NODE_FIELDS = {"key", "name", "lei", "kind"};
    private static final String[] CLOCKS = {"valid_from", "valid_to", "known_from", "known_to", "statement_id"};

    @Context
    public Transaction tx;

    private static final JsonFactory JSON = new JsonFactory();

    /** One hop of a cascade as JSON text: the parties first hit at this hop, each [key, name, lei,
     * kind, exposures], an exposure being the edge that reached it from a party hit one hop
     * earlier as an array [source, source_name, target, target_name, type, ...the values of
     * `fields`, defaulted_end (the endpoint on the defaulted side)]. */
    public static final class Hop {
        public long hop;
        public String parties;

        Hop(long hop, List<Map<String, Object>> parties, Map<Long, List<Object[]>> exposures, LongArrayList ids) {
            this.hop = hop;
            this.parties = json(g -> {
                for (int i = 0; i < parties.size(); i++) {
                    Map<String, Object> facts = parties.get(i);
                    g.writeStartArray();
                    for (String k : NODE_FIELDS) {
                        writeValue(g, facts.get(k));
                    }
                    g.writeStartArray();
                    for (Object[] row : exposures.getOrDefault(ids.get(i), List.of())) {
                        writeArray(g, row);
                    }
                    g.writeEndArray();
                    g.writeEndArray();
                }
            });
        }
    }

    private interface Writes {
        void to(JsonGenerator g) throws IOException;
    }

    /** A JSON array of what `items` writes. */
    private static String json(Writes items) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.writeStartArray();
            items.to(g);
            g.writeEndArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString();
    }

    private static void writeArray(JsonGenerator g, Object[] values) throws IOException {
        g.writeStartArray();
        for (Object v : values) {
            writeValue(g, v);
        }
        g.writeEndArray();
    }

    // Property values: strings (dates already ISO strings), numbers, booleans, arrays of those.
    private static void writeValue(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String text) {
            g.writeString(text);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number number) {
            g.writeNumber(number.doubleValue());
        } else if (v instanceof Boolean flag) {
            g.writeBoolean(flag);
        } else if (v instanceof Object[] items) {
            writeArray(g, items);
        } else if (v.getClass().isArray()) {
            int n = java.lang.reflect.Array.getLength(v);
            Object[] items = new Object[n];
            for (int i = 0; i < n; i++) {
                items[i] = java.lang.reflect.Array.get(v, i);
            }
            writeArray(g, items);
        } else {
            g.writeString(v.toString());
        }
    }

    /** What `ownergraph.version()` returns: the ownergraph release the jar was built from and a
     * digest of these sources, both written into the jar by the build (ownergraph-plugin.properties). */
    public static final class Build {
        public String version;
        public String sources;

        Build(Properties p) {
            this.version = p.getProperty("version", "unknown");
            this.sources = p.getProperty("sources", "unknown");
        }
    }

    @Procedure(name = "ownergraph.version", mode = Mode.READ)
    @Description("The ownergraph release this plugin was built from and a digest of its sources; ownergraph "
            + "uses the plugin's procedures only when both match the Python package that calls them.")
    public Stream<Build> version() {
        Properties p = new Properties();
        try (InputStream in = OwnergraphProcedures.class.getResourceAsStream("/ownergraph-plugin.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Stream.of(new Build(p));
    }

    @Procedure(name = "ownergraph.cascade", mode = Mode.READ)
    @Description("Breadth-first default cascade from the entity `key`: incoming edges of `hitSource` types "
            + "(their source is hit) and outgoing edges of `hitTarget` types (their target is hit), each admitted "
            + "by valid_from <= asOf < valid_to and known_from <= knownAt < known_to, skipping `suppressed` "
            + "statement ids. One row per hop (0 = the defaulted entity) with the parties first hit at that hop "
            + "as JSON text: an array of [key, name, lei, kind, exposures], each exposure an edge that reached "
            + "the party as [source, source_name, target, target_name, type, ...the values of `fields`, "
            + "defaulted_end].")
    public Stream<Hop> cascade(@Name("key") String key, @Name("hitSource") List<String> hitSource,
                               @Name("hitTarget") List<String> hitTarget, @Name("asOf") LocalDate asOf,
                               @Name("knownAt") ZonedDateTime knownAt, @Name("maxHops") long maxHops,
                               @Name("suppressed") List<String> suppressed,
                               @Name("fields") List<String> fields) {
        Node start = tx.findNode(Label.label("Entity"), "key", key);
        if (start == null) {
            return Stream.empty();
        }
        KernelTransaction ktx = ((InternalTransaction) tx).kernelTransaction();
        Cascade cascade = new Cascade(new Walk(ktx, asOf, knownAt, new HashSet<>(suppressed), fields), start.getId(),
                hitSource, hitTarget, maxHops);
        // lazy: a hop is walked when the previous one has been taken, so the client decodes hop h
        // while the server walks hop h + 1
        return StreamSupport.stream(Spliterators.spliteratorUnknownSize(cascade, Spliterator.ORDERED), false)
                .onClose(cascade.walk::close);
    }

    /** The hops of one cascade, each walked on demand. */
    private static final class Cascade implements Iterator<Hop> {
        final Walk walk;
        private final RelationshipSelection in;
        private final RelationshipSelection out;
        private final long maxHops;
        private final LongHashSet hit;
        private LongArrayList frontier;
        private long hop = 0;
        private Hop pending;

        Cascade(Walk walk, long start, List<String> hitSource, List<String> hitTarget, long maxHops) {
            this.walk = walk;
            this.in = walk.selection(hitSource, Direction.INCOMING);
            this.out = walk.selection(hitTarget, Direction.OUTGOING);
            this.maxHops = maxHops;
            this.hit = LongHashSet.newSetWith(start);
            this.frontier = LongArrayList.newListWith(start);
            this.pending = walk.hop(0, frontier, Map.of());
        }

        @Override
        public boolean hasNext() {
            if (pending == null && hop < maxHops && !frontier.isEmpty() && walk.gated) {
                pending = step();
            }
            if (pending == null) {
                walk.close();
            }
            return pending != null;
        }

        @Override
        public Hop next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            Hop taken = pending;
            pending = null;
            return taken;
        }

        private Hop step() {
            hop++;
            Map<Long, List<Object[]>> exposures = new HashMap<>();
            LongArrayList reached = new LongArrayList();  // in the order first reached
            for (int i = 0; i < frontier.size(); i++) {
                long d = frontier.get(i);
                if (in != null) {
                    walk.expand(d, in, true, hit, exposures, reached);
                }
                if (out != null) {
                    walk.expand(d, out, false, hit, exposures, reached);
                }
            }
            hit.addAll(reached);
            frontier = reached;
            return walk.hop(hop, reached, exposures);
        }
    }

    /** Kernel cursors over one read transaction, the time gate, and what of an admitted edge goes back. */
    private static final class Walk implements AutoCloseable {
        private final Read read;
        private final TokenRead tokens;
        private final NodeCursor node;
        private final NodeCursor other;
        private final RelationshipTraversalCursor rels;
        private final PropertyCursor props;
        private final int entity;
        private final LocalDate asOf;
        private final ZonedDateTime knownAt;
        private final Set<String> suppressed;
        private final int[] clockKeys;  // CLOCKS' token ids
        private final PropertySelection clockSelection;
        private final PropertySelection fieldSelection;
        private final int[] fieldAt;  // property token id -> position in `fields`, -1 if not one
        private final int fieldCount;
        private final PropertySelection nodeSelection;
        private final int[] nodeKeys;
        private final Map<Long, Map<String, Object>> facts = new HashMap<>();  // read once per node
        private final Map<Integer, String> typeNames = new HashMap<>();
        private final Map<ZonedDateTime, String> instants = new HashMap<>();  // most known_to are one sentinel
        final boolean gated;  // every clock property exists in this database (else nothing is admitted)
        private boolean closed;

        Walk(KernelTransaction ktx, LocalDate asOf, ZonedDateTime knownAt, Set<String> suppressed,
             List<String> fields) {
            this.read = ktx.dataRead();
            this.tokens = ktx.tokenRead();
            CursorFactory cursors = ktx.cursors();
            this.node = cursors.allocateNodeCursor(ktx.cursorContext(), ktx.memoryTracker());
            this.other = cursors.allocateNodeCursor(ktx.cursorContext(), ktx.memoryTracker());
            this.rels = cursors.allocateRelationshipTraversalCursor(ktx.cursorContext(), ktx.memoryTracker());
            this.props = cursors.allocatePropertyCursor(ktx.cursorContext(), ktx.memoryTracker());
            this.entity = tokens.nodeLabel("Entity");
            this.asOf = asOf;
            this.knownAt = knownAt;
            this.suppressed = suppressed;
            this.clockKeys = tokenIds(CLOCKS);
            this.gated = Arrays.stream(clockKeys).limit(4).allMatch(k -> k != TokenConstants.NO_TOKEN);
            // a statement id is a long string: read only when some statement is suppressed
            this.clockSelection = PropertySelection.selection(
                    present(suppressed.isEmpty() ? Arrays.copyOf(clockKeys, 4) : clockKeys));
            int[] fieldKeys = tokenIds(fields.toArray(String[]::new));
            this.fieldCount = fields.size();
            this.fieldAt = new int[Arrays.stream(fieldKeys).max().orElse(-1) + 1];
            Arrays.fill(fieldAt, -1);
            for (int i = 0; i < fieldKeys.length; i++) {
                if (fieldKeys[i] != TokenConstants.NO_TOKEN) {
                    fieldAt[fieldKeys[i]] = i;
                }
            }
            this.fieldSelection = PropertySelection.selection(present(fieldKeys));
            this.nodeKeys = tokenIds(NODE_FIELDS);
            this.nodeSelection = PropertySelection.selection(present(nodeKeys));
        }

        private int[] tokenIds(String[] names) {
            return Arrays.stream(names).mapToInt(tokens::propertyKey).toArray();
        }

        private static int[] present(int[] ids) {
            return Arrays.stream(ids).filter(k -> k != TokenConstants.NO_TOKEN).toArray();
        }

        /** The relationships of `names` types in `direction`, or null when none of them exists. */
        RelationshipSelection selection(List<String> names, Direction direction) {
            int[] ids = names.stream().mapToInt(tokens::relationshipType).filter(t -> t != TokenConstants.NO_TOKEN)
                    .toArray();
            return ids.length == 0 ? null : RelationshipSelection.selection(ids, direction);
        }

        /** Edges of `d` in `selection` that pass the gate, to parties not hit before this hop, as
         * rows of the exposures of each party reached (`reached`: in the order first reached). */
        void expand(long d, RelationshipSelection selection, boolean sourceIsHit, LongHashSet hit,
                    Map<Long, List<Object[]>> exposures, LongArrayList reached) {
            read.singleNode(d, node);
            if (!node.next()) {
                return;
            }
            node.relationships(rels, selection);
            while (rels.next()) {
                long v = rels.otherNodeReference();
                if (hit.contains(v) || !admits() || !isEntity(v)) {
                    continue;
                }
                Map<String, Object> source = facts(sourceIsHit ? v : d);
                Map<String, Object> target = facts(sourceIsHit ? d : v);
                Object[] row = new Object[6 + fieldCount];
                row[0] = source.get("key");
                row[1] = source.get("name");
                row[2] = target.get("key");
                row[3] = target.get("name");
                row[4] = typeName(rels.type());
                rels.properties(props, fieldSelection);
                while (props.next()) {
                    int at = props.propertyKey() < fieldAt.length ? fieldAt[props.propertyKey()] : -1;
                    if (at >= 0) {
                        row[5 + at] = plain(props.propertyValue());
                    }
                }
                row[5 + fieldCount] = sourceIsHit ? "target" : "source";
                exposures.computeIfAbsent(v, id -> {
                    reached.add(id);
                    return new ArrayList<>(2);
                }).add(row);
            }
        }

        // valid_from <= asOf < valid_to and known_from <= knownAt < known_to, with the Cypher
        // gate's null semantics: a missing or non-temporal clock value admits nothing.
        private boolean admits() {
            Object vf = null, vt = null, kf = null, kt = null, statement = null;
            rels.properties(props, clockSelection);
            while (props.next()) {
                int k = props.propertyKey();
                Object value = props.propertyValue().asObjectCopy();
                if (k == clockKeys[0]) {
                    vf = value;
                } else if (k == clockKeys[1]) {
                    vt = value;
                } else if (k == clockKeys[2]) {
                    kf = value;
                } else if (k == clockKeys[3]) {
                    kt = value;
                } else if (k == clockKeys[4]) {
                    statement = value;
                }
            }
            return vf instanceof LocalDate from && vt instanceof LocalDate to && kf instanceof ZonedDateTime known
                    && kt instanceof ZonedDateTime superseded && !from.isAfter(asOf) && asOf.isBefore(to)
                    && !known.isAfter(knownAt) && knownAt.isBefore(superseded)
                    && (statement == null || !suppressed.contains(statement.toString()));
        }

        private boolean isEntity(long v) {
            read.singleNode(v, other);
            return other.next() && other.hasLabel(entity);
        }

        /** key/name/lei/kind of a node (null where absent), read once per walk. */
        Map<String, Object> facts(long id) {
            Map<String, Object> known = facts.get(id);
            if (known != null) {
                return known;
            }
            Map<String, Object> m = new HashMap<>();
            for (String k : NODE_FIELDS) {
                m.put(k, null);
            }
            read.singleNode(id, other);
            if (other.next()) {
                other.properties(props, nodeSelection);
                while (props.next()) {
                    for (int i = 0; i < nodeKeys.length; i++) {
                        if (nodeKeys[i] == props.propertyKey()) {
                            m.put(NODE_FIELDS[i], props.propertyValue().asObjectCopy());
                        }
                    }
                }
            }
            facts.put(id, m);
            return m;
        }

        private String typeName(int type) {
            return typeNames.computeIfAbsent(type, t -> {
                try {
                    return tokens.relationshipTypeName(t);
                } catch (Exception e) {
                    throw new IllegalStateException("unknown relationship type token " + t, e);
                }
            });
        }

        // Dates and datetimes as ISO strings (the Python driver's temporal hydration is slow).
        private Object plain(Value value) {
            Object v = value.asObjectCopy();
            if (v instanceof LocalDate day) {
                return day.toString();
            }
            if (v instanceof ZonedDateTime t) {
                return instants.computeIfAbsent(t, z -> z.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
            }
            return v;
        }

        /** Hop `hop` as sent: the parties `reached` with their facts and `exposures`. */
        Hop hop(long hop, LongArrayList reached, Map<Long, List<Object[]>> exposures) {
            List<Map<String, Object>> parties = new ArrayList<>(reached.size());
            for (int i = 0; i < reached.size(); i++) {
                parties.add(facts(reached.get(i)));
            }
            return new Hop(hop, parties, exposures, reached);
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            node.close();
            other.close();
            rels.close();
            props.close();
        }
    }
}
