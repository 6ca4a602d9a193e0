"""The sentence splitter lives in :mod:`ingest.sentences` (ingest splits documents into cited
sentences and may not import retrieval); this name is kept for retrieval's modules."""

from ownergraph.ingest.sentences import Sentence, split_sentences

__all__ = ["Sentence", "split_sentences"]
