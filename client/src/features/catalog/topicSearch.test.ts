import { describe, expect, it } from 'vitest';
import { matchesTopic } from './topicSearch';

describe('topic search', () => {
  const topic = { name: 'Fluid Balance', description: 'Intake, output and DEHYDRATION' };
  it('matches name or description regardless of case', () => {
    expect(matchesTopic(topic, 'fluid')).toBe(true);
    expect(matchesTopic(topic, 'dehydration')).toBe(true);
    expect(matchesTopic(topic, 'cardiac')).toBe(false);
  });
  it('shows everything for a blank search', () => {
    expect(matchesTopic(topic, '  ')).toBe(true);
  });
});
