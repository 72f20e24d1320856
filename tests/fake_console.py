"""A console for menu tests: answers from a list, records every line and prompt."""


class FakeConsole:
    """Answers from a list; records every line and prompt."""

    def __init__(self, lines, interactive=False):
        self.lines = list(lines)
        self.interactive = interactive
        self.out = []
        self.prompts = []

    def get_line(self, timeout=None):
        return self.lines.pop(0) if self.lines else None

    def say(self, line, *, answer=False):
        self.out.append(str(line))

    def set_prompt(self, text):
        self.prompts.append(text)

    def set_key_mode(self, keys):
        pass

    def close(self):
        pass
