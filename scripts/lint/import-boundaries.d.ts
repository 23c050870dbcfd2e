import type { ESLint, Rule } from 'eslint';

export const importBoundaries: ESLint.Plugin & { rules: { imports: Rule.RuleModule } };
