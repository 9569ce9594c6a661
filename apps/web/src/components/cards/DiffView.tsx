/** A unified diff, one line per row, additions and removals tinted. */
export function DiffView({ diff }: { diff: string }) {
  return (
    <pre className="diff" data-testid="approval-diff" tabIndex={0}>
      {diff.split("\n").map((line, i) => {
        const kind = line.startsWith("@@")
          ? "hunk"
          : line.startsWith("+") && !line.startsWith("+++")
            ? "add"
            : line.startsWith("-") && !line.startsWith("---")
              ? "del"
              : "";
        return (
          <span key={i} className={kind}>
            {line === "" ? " " : line}
          </span>
        );
      })}
    </pre>
  );
}
