"""LangChain-shaped values as Langfuse and LangSmith log them: messages, documents, outputs."""

from __future__ import annotations

from typing import Any

from .records import decoded, text_of

QUERY_KEYS = ("query", "question", "input", "query_str", "user_input", "q")
ANSWER_KEYS = ("output", "answer", "response", "result", "text", "content")


def message_text(message: Any) -> str | None:
    """The text of one message: {"role"/"type", "content"}, LangChain's serialised form
    ({"lc": 1, "type": "constructor", "kwargs": {"content": ...}}), or a plain string."""
    if isinstance(message, str):
        return message
    if not isinstance(message, dict):
        return None
    if isinstance(message.get("kwargs"), dict):
        return message_text(message["kwargs"])
    if "content" in message:
        return text_of(message["content"])
    if isinstance(message.get("message"), dict):
        return message_text(message["message"])
    return text_of(message.get("text"))


def message_list(value: Any) -> list[Any] | None:
    """The messages of an LLM input: a list, a list of lists (one per prompt in a batch:
    the first), or under `messages`; None when the value holds no message list."""
    value = decoded(value)
    if isinstance(value, dict) and "messages" in value:
        value = value["messages"]
    if not isinstance(value, list) or not value:
        return None
    if all(isinstance(v, list) for v in value):
        value = value[0]
    return value if isinstance(value, list) else None


def joined_messages(value: Any) -> str | None:
    """The prompt text: the messages' texts in order, separated by blank lines."""
    messages = message_list(value)
    if messages is None:
        return None
    texts = [text for text in (message_text(m) for m in messages) if text]
    return "\n\n".join(texts) if texts else None


def documents(value: Any) -> list[tuple[int, dict[str, Any]]] | None:
    """LangChain Documents in a retriever's output: a list, or under `documents`; each as
    (position, {"page_content", "metadata", "id"?}) (`kwargs` of the serialised form
    unwrapped; plain strings become {"page_content": text}). None when there is no list."""
    value = decoded(value)
    if isinstance(value, dict) and "documents" in value:
        value = value["documents"]
    if not isinstance(value, list):
        return None
    found = []
    for index, element in enumerate(value):
        if isinstance(element, dict) and isinstance(element.get("kwargs"), dict):
            element = element["kwargs"]
        if isinstance(element, str):
            element = {"page_content": element}
        if isinstance(element, dict):
            found.append((index, element))
    return found


def looks_like_documents(value: Any) -> bool:
    listed = documents(value)
    return bool(listed) and all("page_content" in doc for _, doc in listed or [])


def plain_text(value: Any, keys: tuple[str, ...] = ANSWER_KEYS) -> str | None:
    """A value logged as text, as a message, or as a mapping whose first of `keys` holds it."""
    value = decoded(value)
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        for key in keys:
            inner = value.get(key)
            if isinstance(inner, str):
                return inner
            if isinstance(inner, dict):
                text = message_text(inner)
                if text is not None:
                    return text
    return None


def llm_output_text(value: Any) -> str | None:
    """An LLM's answer: LangChain `generations[[{text, message}]]`, OpenAI `choices`,
    a message {role, content}, or text."""
    value = decoded(value)
    if isinstance(value, dict):
        generations = value.get("generations")
        if isinstance(generations, list) and generations:
            first = (
                generations[0][0] if isinstance(generations[0], list) and generations[0] else generations[0]
            )
            if isinstance(first, dict):
                text = first.get("text")
                if isinstance(text, str) and text:
                    return text
                return message_text(first.get("message"))
        choices = value.get("choices")
        if isinstance(choices, list) and choices and isinstance(choices[0], dict):
            return message_text(choices[0].get("message")) or text_of(choices[0].get("text"))
        if "content" in value or "kwargs" in value:
            return message_text(value)
    if isinstance(value, list) and value:
        return message_text(value[-1])
    return plain_text(value)


def template_variables(value: Any) -> dict[str, Any]:
    """The string-valued entries of a mapping logged as a prompt's input."""
    value = decoded(value)
    if not isinstance(value, dict):
        return {}
    return {key: inner for key, inner in value.items() if isinstance(inner, str)}
