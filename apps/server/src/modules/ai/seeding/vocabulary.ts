/**
 * The 30 knowledge domains the seed covers (part 2 section 9), each with real topics of its field,
 * technical terms (what the section 5 difficulty rule counts) and the language its code examples
 * are written in. Content is built from these, never from filler text.
 */
export interface DomainVocabulary {
  domain: string;
  label: string;
  language: CodeLanguage;
  /** Twelve topics; knowledge items, subdomains and patterns are made of topic x facet. */
  topics: readonly string[];
  /** Technical terms of the field; the difficulty rule counts how many an item mentions. */
  terms: readonly string[];
}

export type CodeLanguage =
  | 'javascript'
  | 'typescript'
  | 'python'
  | 'sql'
  | 'bash'
  | 'java'
  | 'rust'
  | 'go'
  | 'csharp'
  | 'cpp'
  | 'kotlin'
  | 'solidity';

/** Topics and terms are written `|`-separated, to keep thirty domains readable on a page. */
const d = (
  domain: string,
  label: string,
  language: CodeLanguage,
  topics: string,
  terms: string,
): DomainVocabulary => ({ domain, label, language, topics: topics.split('|'), terms: terms.split('|') });

export const DOMAINS: readonly DomainVocabulary[] = [
  d(
    'javascript',
    'JavaScript',
    'javascript',
    'closures|the event loop|promises|async/await|prototypes|modules|array methods|destructuring|generators|error handling|the DOM API|iterators',
    'microtask|callback|hoisting|scope chain|garbage collection|JIT compilation|V8|strict mode',
  ),
  d(
    'python',
    'Python',
    'python',
    'list comprehensions|decorators|context managers|generators|type hints|virtual environments|asyncio|dataclasses|exceptions|packaging|the standard library|f-strings',
    'GIL|interpreter|bytecode|coroutine|metaclass|descriptor|pip|wheel',
  ),
  d(
    'web_development',
    'web development',
    'javascript',
    'HTTP caching|responsive layouts|forms|cookies and sessions|CORS|web performance|service workers|semantic HTML|CSS grid|flexbox|progressive enhancement|image optimization',
    'TLS|preflight request|cache-control|viewport|critical rendering path|CDN|HTTP/2|same-origin policy',
  ),
  d(
    'database',
    'databases',
    'sql',
    'indexes|transactions|joins|normalization|query planning|replication|backups|migrations|constraints|window functions|connection pooling|partitioning',
    'B-tree|MVCC|isolation level|write-ahead log|foreign key|deadlock|vacuum|execution plan',
  ),
  d(
    'ai_ml',
    'AI and machine learning',
    'python',
    'linear regression|gradient descent|overfitting|cross-validation|neural networks|embeddings|transformers|feature engineering|model evaluation|fine-tuning|retrieval-augmented generation|tokenization',
    'loss function|backpropagation|learning rate|regularization|attention|softmax|precision|recall',
  ),
  d(
    'devops',
    'DevOps',
    'bash',
    'continuous integration|continuous delivery|infrastructure as code|containers|blue-green deployment|configuration management|release pipelines|rollbacks|feature flags|build caching|secrets management|incident response',
    'Dockerfile|Kubernetes|Terraform|artifact|canary release|runner|idempotency|GitOps',
  ),
  d(
    'security',
    'application security',
    'typescript',
    'password hashing|SQL injection|cross-site scripting|CSRF protection|authentication|authorization|secrets rotation|input validation|rate limiting|dependency auditing|threat modeling|encryption at rest',
    'argon2|salt|nonce|JWT|OWASP|content security policy|least privilege|TLS certificate',
  ),
  d(
    'cloud',
    'cloud computing',
    'bash',
    'object storage|autoscaling|load balancers|serverless functions|managed databases|virtual networks|identity and access management|cost management|regions and zones|queues|content delivery|disaster recovery',
    'IAM role|VPC|availability zone|cold start|S3 bucket|egress|SLA|multi-tenancy',
  ),
  d(
    'mobile',
    'mobile development',
    'kotlin',
    'app lifecycle|offline storage|push notifications|navigation|responsive UI|battery usage|app permissions|deep links|background work|crash reporting|app store releases|accessibility on mobile',
    'activity|view model|Jetpack Compose|SwiftUI|APNs|WorkManager|main thread|code signing',
  ),
  d(
    'java',
    'Java',
    'java',
    'collections|generics|streams|exceptions|interfaces|records|concurrency utilities|the JVM memory model|dependency injection|build tools|unit testing with JUnit|virtual threads',
    'JVM|bytecode|garbage collector|classloader|Maven|Gradle|ExecutorService|JIT compiler',
  ),
  d(
    'typescript',
    'TypeScript',
    'typescript',
    'type inference|union types|generics|type narrowing|utility types|interfaces|enums|declaration files|strict mode|mapped types|conditional types|module resolution',
    'type guard|discriminated union|structural typing|tsconfig|keyof|never type|template literal type|variance',
  ),
  d(
    'rust',
    'Rust',
    'rust',
    'ownership|borrowing|lifetimes|traits|error handling with Result|pattern matching|iterators|smart pointers|async Rust|cargo workspaces|macros|unsafe code',
    'borrow checker|move semantics|Box|Arc|Send and Sync|zero-cost abstraction|crate|monomorphization',
  ),
  d(
    'go',
    'Go',
    'go',
    'goroutines|channels|interfaces|error values|the context package|slices|maps|modules|testing in Go|generics in Go|HTTP servers|profiling',
    'goroutine scheduler|select statement|WaitGroup|mutex|escape analysis|pprof|defer|race detector',
  ),
  d(
    'csharp_dotnet',
    'C# and .NET',
    'csharp',
    'LINQ|async and await|dependency injection|Entity Framework|records|nullable reference types|middleware|configuration|minimal APIs|span and memory|pattern matching|unit testing with xUnit',
    'CLR|Task|IQueryable|NuGet|garbage collector|ASP.NET Core|value type|source generator',
  ),
  d(
    'cpp',
    'C++',
    'cpp',
    'RAII|smart pointers|move semantics|templates|the standard library containers|const correctness|lambdas|undefined behavior|concurrency|build systems|exceptions|ranges',
    'unique_ptr|shared_ptr|rvalue reference|template instantiation|CMake|ABI|memory order|constexpr',
  ),
  d(
    'data_engineering',
    'data engineering',
    'python',
    'batch pipelines|stream processing|data modeling|ETL|data quality checks|orchestration|change data capture|columnar storage|schema evolution|data lakes|partitioned tables|backfills',
    'Parquet|Kafka|Airflow|idempotent load|watermark|star schema|Spark|exactly-once',
  ),
  d(
    'testing',
    'software testing',
    'typescript',
    'unit tests|integration tests|end-to-end tests|test doubles|property-based testing|test coverage|flaky tests|test data builders|contract testing|snapshot testing|mutation testing|load testing',
    'assertion|fixture|mock|stub|test runner|regression|shrinking|code coverage',
  ),
  d(
    'networking',
    'computer networking',
    'bash',
    'TCP|UDP|DNS|IP addressing|routing|NAT|TLS handshakes|HTTP|WebSockets|firewalls|latency and bandwidth|proxies',
    'three-way handshake|subnet|MTU|congestion control|packet loss|socket|port|round-trip time',
  ),
  d(
    'operating_systems',
    'operating systems',
    'cpp',
    'processes|threads|scheduling|virtual memory|file systems|system calls|signals|synchronization|memory allocation|I/O models|permissions|containers and namespaces',
    'context switch|page fault|kernel|semaphore|inode|epoll|copy-on-write|cgroup',
  ),
  d(
    'distributed_systems',
    'distributed systems',
    'go',
    'consensus|replication|partitioning|consistency models|leader election|idempotent operations|retries and backoff|distributed transactions|clocks and ordering|service discovery|circuit breakers|event sourcing',
    'Raft|quorum|linearizability|vector clock|two-phase commit|CAP theorem|gossip protocol|split brain',
  ),
  d(
    'frontend_frameworks',
    'front-end frameworks',
    'typescript',
    'components|state management|React hooks|routing|server-side rendering|forms|data fetching|memoization|context|suspense|hydration|component testing',
    'virtual DOM|reconciliation|useEffect|props|re-render|code splitting|bundle size|signal',
  ),
  d(
    'api_design',
    'API design',
    'typescript',
    'REST resources|pagination|versioning|error responses|idempotency keys|authentication schemes|rate limits|webhooks|OpenAPI descriptions|GraphQL schemas|filtering and sorting|backward compatibility',
    'status code|cursor|OpenAPI|schema validation|ETag|HATEOAS|resolver|content negotiation',
  ),
  d(
    'software_architecture',
    'software architecture',
    'typescript',
    'layered architecture|hexagonal architecture|microservices|modular monoliths|domain-driven design|event-driven design|CQRS|dependency inversion|bounded contexts|caching strategies|architecture decision records|coupling and cohesion',
    'aggregate|repository|message broker|anti-corruption layer|service boundary|eventual consistency|port and adapter|saga',
  ),
  d(
    'version_control',
    'version control',
    'bash',
    'branching|merging|rebasing|commit messages|pull requests|tags and releases|conflict resolution|bisecting|submodules|hooks|history rewriting|monorepos',
    'commit graph|fast-forward|HEAD|reflog|cherry-pick|merge base|stash|three-way merge',
  ),
  d(
    'game_development',
    'game development',
    'cpp',
    'game loops|physics|collision detection|rendering|entity component systems|input handling|audio|level design|pathfinding|animation|networked multiplayer|performance budgets',
    'frame time|delta time|shader|draw call|A* search|rigid body|sprite batching|interpolation',
  ),
  d(
    'embedded_systems',
    'embedded systems',
    'cpp',
    'interrupts|real-time scheduling|memory-mapped I/O|power management|bootloaders|firmware updates|serial protocols|watchdog timers|sensors|debugging on hardware|fixed-point arithmetic|RTOS tasks',
    'ISR|GPIO|UART|I2C|SPI|microcontroller|DMA|volatile',
  ),
  d(
    'blockchain',
    'blockchain',
    'solidity',
    'smart contracts|consensus mechanisms|wallets|transactions|gas costs|token standards|oracles|layer-2 scaling|contract upgrades|reentrancy|Merkle trees|auditing contracts',
    'EVM|proof of stake|nonce|ERC-20|private key|block|rollup|hash function',
  ),
  d(
    'data_science',
    'data science',
    'python',
    'exploratory data analysis|data cleaning|visualization|hypothesis testing|sampling|time series|feature scaling|clustering|dimensionality reduction|A/B testing|notebooks|reporting results',
    'pandas|DataFrame|p-value|confidence interval|variance|outlier|correlation|standard deviation',
  ),
  d(
    'observability',
    'observability',
    'go',
    'structured logging|metrics|distributed tracing|alerting|dashboards|service level objectives|error budgets|health checks|log retention|profiling in production|on-call runbooks|synthetic monitoring',
    'OpenTelemetry|span|histogram|cardinality|Prometheus|SLO|percentile|trace context',
  ),
  d(
    'accessibility',
    'web accessibility',
    'typescript',
    'semantic markup|keyboard navigation|focus management|color contrast|screen readers|ARIA attributes|accessible forms|alternative text|motion and animation|accessible names|live regions|accessibility testing',
    'WCAG|ARIA role|tab order|landmark|accessibility tree|focus trap|contrast ratio|assistive technology',
  ),
];

/** Kinds of knowledge item; 'code_example' items carry a snippet in the domain's language. */
export const KNOWLEDGE_TYPES = [
  'concept',
  'best_practice',
  'code_example',
  'tutorial',
  'troubleshooting',
  'pattern',
  'comparison',
  'reference',
] as const;

/** Facets of a topic: subdomains, knowledge angles and pattern contexts. 28 of them. */
export const FACETS = [
  'fundamentals',
  'performance',
  'security',
  'testing',
  'debugging',
  'tooling',
  'architecture',
  'migration',
  'monitoring',
  'scalability',
  'deployment',
  'code review',
  'error handling',
  'configuration',
  'documentation',
  'accessibility',
  'concurrency',
  'memory usage',
  'api design',
  'data modeling',
  'observability',
  'refactoring',
  'versioning',
  'interoperability',
  'automation',
  'cost optimization',
  'reliability',
  'best practices',
] as const;

/** Models named on seeded interactions and items (the spec's defaults and provider models). */
export const SEED_MODELS = ['llama3.2', 'llama3.2:3b', 'gpt-4', 'gpt-3.5-turbo', 'claude-3-sonnet'] as const;

/** English stop words: never keywords (part 2 section 5). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'about above after again against also among because been before being below between both but could ' +
    'does doing down during each either every from further have having here hers herself himself into ' +
    'itself just less like more most much must myself neither never once only other ought ours ourselves ' +
    'over same shall should some such than that their theirs them themselves then there these they this ' +
    'those through under until upon very were what when where which while whom whose will with within ' +
    'without would your yours yourself yourselves whether where often still across along work works make ' +
    'makes made uses used using keep keeps many well'
  ).split(' '),
);
