"""Answers: the analytic a question's kind names, the cited context it renders, the composed
text (deterministic or grounded by an LLM) and pictures."""
