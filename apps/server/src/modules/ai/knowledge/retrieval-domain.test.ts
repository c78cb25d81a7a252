import { describe, expect, it } from 'vitest';
import { classifyDomain } from './retrieval-domain';

describe('classifyDomain', () => {
  it.each([
    ['How do closures work in JavaScript?', 'javascript'],
    ['Why does my Node.js server leak memory?', 'javascript'],
    ['TypeScript generics with React components', 'javascript'],
    ['How do I create a venv and install packages with pip?', 'python'],
    ['Python decorators explained', 'python'],
    ['Center a div with CSS', 'web_development'],
    ['What does the CORS error in my browser mean?', 'web_development'],
    ['Speed up this SQL query with an index', 'database'],
    ['PostgreSQL transactions and isolation levels', 'database'],
    ['How do embeddings work in machine learning?', 'ai_ml'],
    ['Fine-tune an LLM on my dataset', 'ai_ml'],
    ['Write a Dockerfile for my app', 'devops'],
    ['Set up a CI/CD pipeline with GitHub Actions', 'devops'],
    ['Deploy to Kubernetes with Helm', 'devops'],
    ['What is a good name for a cat?', 'general'],
    ['', 'general'],
  ])('%s -> %s', (question, domain) => {
    expect(classifyDomain(question)).toBe(domain);
  });

  it('lets the stronger evidence win when a question touches two domains', () => {
    // Python's name weighs more than one database word.
    expect(classifyDomain('Read a table in Python')).toBe('python');
    // Two database words against one Python library.
    expect(classifyDomain('Write a pandas dataframe to a PostgreSQL table')).toBe('database');
  });

  it('counts a word once however often it is used, and gives a tie to the domain listed first', () => {
    // One database word, said three times, against Python's name.
    expect(classifyDomain('query query query in python')).toBe('python');
    // One word each for JavaScript and databases.
    expect(classifyDomain('a node query')).toBe('javascript');
    // Phrases count as well as words.
    expect(classifyDomain('machine learning for my table')).toBe('ai_ml');
  });

  it('matches whole words, not parts of words', () => {
    // "ts" in "its", "ai" in "said", "ci" in "decide": none count.
    expect(classifyDomain('She said its price helps decide')).toBe('general');
  });
});
