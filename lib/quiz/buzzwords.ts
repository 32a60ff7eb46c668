import type { Question } from './types';

export const BUZZWORD_CHOICES = ['Real', 'Made up'];

const buzzword = (id: string, term: string, real: boolean, explanation: string): Question => ({
  id: `bw-${id}`,
  text: `“${term}”: a real tech buzzword, or made up?`,
  choices: BUZZWORD_CHOICES,
  answer: real ? 0 : 1,
  explanation,
});

/** "Real tech buzzword or made up?": the real ones are real, the made-up ones sound just as real. */
export const BUZZWORDS: Question[] = [
  buzzword(
    'kubernetes',
    'Kubernetes',
    true,
    'Real. Greek for “helmsman”: the container orchestrator Google open-sourced in 2014.',
  ),
  buzzword(
    'serverless',
    'Serverless',
    true,
    'Real. There are still servers; the cloud provider runs and scales them and bills per request.',
  ),
  buzzword(
    'jamstack',
    'Jamstack',
    true,
    'Real. JavaScript, APIs and Markup: pre-built pages served from a CDN, a term popularised by Netlify.',
  ),
  buzzword(
    'gitops',
    'GitOps',
    true,
    'Real. Coined by Weaveworks in 2017: Git holds the desired state and an agent makes the system match it.',
  ),
  buzzword(
    'chaos-engineering',
    'Chaos engineering',
    true,
    'Real. Breaking things in production on purpose to prove the system survives; Netflix’s Chaos Monkey made it famous.',
  ),
  buzzword(
    'shift-left',
    'Shift left',
    true,
    'Real. Moving testing and security earlier (to the left) on the development timeline.',
  ),
  buzzword(
    'zero-trust',
    'Zero trust',
    true,
    'Real. “Never trust, always verify”: no request is trusted just because it comes from inside the network.',
  ),
  buzzword(
    'lakehouse',
    'Data lakehouse',
    true,
    'Real. A data lake with warehouse features such as transactions and schemas, popularised by Databricks.',
  ),
  buzzword(
    'vibe-coding',
    'Vibe coding',
    true,
    'Real. Coined by Andrej Karpathy in 2025: building software by prompting an AI and accepting what it writes.',
  ),
  buzzword(
    'rubber-duck',
    'Rubber duck debugging',
    true,
    'Real. Explaining your code line by line to a rubber duck until the bug shows itself; from The Pragmatic Programmer.',
  ),
  buzzword(
    'yak-shaving',
    'Yak shaving',
    true,
    'Real. The chain of side tasks you must finish before you can do the task you actually set out to do.',
  ),
  buzzword(
    'bikeshedding',
    'Bikeshedding',
    true,
    'Real. Debating trivia (the bike shed) instead of hard problems (the reactor): Parkinson’s law of triviality.',
  ),
  buzzword(
    'heisenbug',
    'Heisenbug',
    true,
    'Real. A bug that vanishes or changes when you try to observe it, for example with a debugger attached.',
  ),
  buzzword(
    'polyglot-persistence',
    'Polyglot persistence',
    true,
    'Real. Using different databases for different jobs in one system, a term popularised by Martin Fowler.',
  ),
  buzzword(
    'strangler-fig',
    'Strangler fig pattern',
    true,
    'Real. Replacing a legacy system piece by piece behind the same interface until the old one can be switched off.',
  ),
  buzzword(
    'bulkhead',
    'Bulkhead pattern',
    true,
    'Real. Separate pools and queues per part of a system, so one failing part cannot sink the whole ship.',
  ),
  buzzword(
    'thundering-herd',
    'Thundering herd',
    true,
    'Real. Many clients waking at once and stampeding one resource, for example when a popular cache entry expires.',
  ),
  buzzword(
    'dark-launch',
    'Dark launch',
    true,
    'Real. Shipping a feature to production hidden from users, to try it under real load before anyone sees it.',
  ),
  buzzword(
    'islands',
    'Islands architecture',
    true,
    'Real. Static HTML with small interactive “islands” hydrated on their own; frameworks such as Astro use it.',
  ),
  buzzword(
    'rag',
    'Retrieval-augmented generation',
    true,
    'Real. An LLM answers with documents retrieved for the question added to its prompt.',
  ),
  buzzword(
    'finops',
    'FinOps',
    true,
    'Real. Engineering, finance and product teams sharing responsibility for what the cloud costs.',
  ),
  buzzword(
    'cattle-not-pets',
    'Cattle, not pets',
    true,
    'Real. Servers should be numbered and replaceable (cattle), not named and nursed back to health (pets).',
  ),
  buzzword(
    'bus-factor',
    'Bus factor',
    true,
    'Real. How many people a project could lose (to a bus, say) before it stalls; a bus factor of 1 is bad news.',
  ),
  buzzword(
    'quantum-scrum',
    'Quantum Scrum',
    false,
    'Made up. Scrum is real and so is quantum computing, but no one has combined them into a method.',
  ),
  buzzword(
    'devsecfinmlops',
    'DevSecFinMLOps',
    false,
    'Made up. DevSecOps, FinOps and MLOps all exist; nobody has glued them into one word yet.',
  ),
  buzzword(
    'holographic-caching',
    'Holographic caching',
    false,
    'Made up. Real caching strategies have duller names: write-through, write-back, cache-aside.',
  ),
  buzzword(
    'schrodinger-deployment',
    'Schrödinger deployment',
    false,
    'Made up. Real rollout strategies include blue-green, canary and rolling deployments.',
  ),
  buzzword(
    'idempotent-agile',
    'Idempotent Agile',
    false,
    'Made up. Idempotence is a real property of operations; running a retrospective twice is not it.',
  ),
  buzzword(
    'blockchain-sidecar',
    'Blockchain-as-a-Sidecar',
    false,
    'Made up. The sidecar pattern is real (a helper container beside the app), but it holds no ledger.',
  ),
  buzzword(
    'zero-knowledge-css',
    'Zero-knowledge CSS',
    false,
    'Made up. Zero-knowledge proofs are real cryptography; CSS remains a matter of knowledge.',
  ),
  buzzword(
    'continuous-deprecation',
    'Continuous deprecation',
    false,
    'Made up. Continuous integration, delivery and deployment are the real ones.',
  ),
  buzzword(
    'tachyon-queue',
    'Tachyon queue',
    false,
    'Made up. Tachyons are hypothetical faster-than-light particles; message queues are merely fast.',
  ),
  buzzword(
    'entropy-driven',
    'Entropy-driven design',
    false,
    'Made up. Domain-driven design (Eric Evans, 2003) is the real one.',
  ),
  buzzword(
    'kubernetes-origami',
    'Kubernetes origami',
    false,
    'Made up. Kubernetes has pods, nodes and operators, but nothing gets folded.',
  ),
  buzzword(
    'predictive-idempotency',
    'Predictive idempotency',
    false,
    'Made up. Idempotency keys are real: the client picks one so a retried request runs once. No prediction involved.',
  ),
  buzzword(
    'hyperscale-pairing',
    'Hyperscale pair programming',
    false,
    'Made up. Pair programming (two people) and mob programming (a whole team at one screen) are real.',
  ),
  buzzword(
    'gradient-rollback',
    'Gradient rollback',
    false,
    'Made up. Gradients descend in machine learning; deployments roll back, but not along a gradient.',
  ),
  buzzword(
    'butterfly-driven',
    'Butterfly-driven development',
    false,
    'Made up. Test-driven (TDD) and behaviour-driven (BDD) development are the real ones.',
  ),
  buzzword(
    'flux-capacitor',
    'Flux capacitor pattern',
    false,
    'Made up. Flux is a real front-end architecture from Facebook; the flux capacitor powers a DeLorean.',
  ),
];
