import type { CodeLanguage } from './vocabulary';

/** A short, runnable-looking example in the domain's language for 'code_example' items. */

const words = (topic: string) =>
  topic
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
const camel = (topic: string) =>
  words(topic)
    .map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1)))
    .join('');
const snake = (topic: string) => words(topic).join('_');
const pascal = (topic: string) =>
  words(topic)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

const SNIPPETS: Record<CodeLanguage, (topic: string, facet: string) => string> = {
  javascript: (t, f) =>
    `// ${t}: ${f}\nexport async function ${camel(t)}Example(items) {\n  const results = await Promise.all(items.map(async (item) => ({ item, ok: Boolean(item) })));\n  return results.filter((r) => r.ok);\n}`,
  typescript: (t, f) =>
    `// ${t}: ${f}\ninterface ${pascal(t)}Options {\n  limit: number;\n  signal?: AbortSignal;\n}\n\nexport function ${camel(t)}<T>(values: readonly T[], { limit }: ${pascal(t)}Options): T[] {\n  return values.slice(0, Math.max(0, limit));\n}`,
  python: (t, f) =>
    `# ${t}: ${f}\nfrom dataclasses import dataclass\n\n@dataclass\nclass ${pascal(t)}Result:\n    name: str\n    score: float\n\ndef ${snake(t)}(rows: list[dict]) -> list[${pascal(t)}Result]:\n    return [${pascal(t)}Result(r["name"], float(r["score"])) for r in rows if r.get("score")]`,
  sql: (t, f) =>
    `-- ${t}: ${f}\nCREATE INDEX IF NOT EXISTS orders_customer_created_idx ON orders (customer_id, created_at DESC);\n\nSELECT customer_id, count(*) AS orders, max(created_at) AS last_order\nFROM orders\nWHERE created_at > now() - interval '30 days'\nGROUP BY customer_id\nORDER BY orders DESC\nLIMIT 20;`,
  bash: (t, f) =>
    `# ${t}: ${f}\nset -euo pipefail\nreadonly target="\${1:?usage: ${snake(t)}.sh <environment>}"\necho "Checking ${t} for $target"\nif ! command -v docker >/dev/null; then\n  echo "docker is required" >&2\n  exit 1\nfi`,
  java: (t, f) =>
    `// ${t}: ${f}\npublic final class ${pascal(t)}Example {\n    public static List<String> run(List<String> input) {\n        return input.stream()\n            .filter(s -> !s.isBlank())\n            .map(String::trim)\n            .toList();\n    }\n}`,
  rust: (t, f) =>
    `// ${t}: ${f}\npub fn ${snake(t)}(values: &[i64]) -> Result<i64, String> {\n    values\n        .iter()\n        .try_fold(0i64, |acc, v| acc.checked_add(*v).ok_or_else(|| "overflow".to_string()))\n}`,
  go: (t, f) =>
    `// ${t}: ${f}\nfunc ${pascal(t)}(ctx context.Context, jobs <-chan string) error {\n\tfor {\n\t\tselect {\n\t\tcase <-ctx.Done():\n\t\t\treturn ctx.Err()\n\t\tcase job, ok := <-jobs:\n\t\t\tif !ok {\n\t\t\t\treturn nil\n\t\t\t}\n\t\t\tlog.Printf("processing %s", job)\n\t\t}\n\t}\n}`,
  csharp: (t, f) =>
    `// ${t}: ${f}\npublic static class ${pascal(t)}Example\n{\n    public static async Task<IReadOnlyList<string>> RunAsync(IEnumerable<string> input, CancellationToken ct)\n    {\n        await Task.Yield();\n        return input.Where(s => !string.IsNullOrWhiteSpace(s)).Select(s => s.Trim()).ToList();\n    }\n}`,
  cpp: (t, f) =>
    `// ${t}: ${f}\n#include <memory>\n#include <vector>\n\nstd::vector<int> ${snake(t)}(const std::vector<int>& input) {\n    auto out = std::make_unique<std::vector<int>>();\n    for (int v : input) if (v > 0) out->push_back(v);\n    return *out;\n}`,
  kotlin: (t, f) =>
    `// ${t}: ${f}\nclass ${pascal(t)}ViewModel(private val repo: Repository) : ViewModel() {\n    val items = MutableStateFlow<List<Item>>(emptyList())\n\n    fun refresh() = viewModelScope.launch {\n        items.value = repo.load()\n    }\n}`,
  solidity: (t, f) =>
    `// ${t}: ${f}\ncontract ${pascal(t)}Example {\n    mapping(address => uint256) public balances;\n\n    function withdraw(uint256 amount) external {\n        require(balances[msg.sender] >= amount, "insufficient balance");\n        balances[msg.sender] -= amount;\n        payable(msg.sender).transfer(amount);\n    }\n}`,
};

export function codeSnippet(language: CodeLanguage, topic: string, facet: string): string {
  return `\`\`\`${language}\n${SNIPPETS[language](topic, facet)}\n\`\`\``;
}
