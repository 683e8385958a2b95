import { describe, expect, it } from 'vitest';
import { categoryName, SAMPLE_QUESTIONS, scoreOf } from './sampleQuestions';

describe('sample quizzes', () => {
  it('hold three questions, each with a key among its options, a category, a difficulty and tags', () => {
    expect(SAMPLE_QUESTIONS).toHaveLength(3);
    for (const q of SAMPLE_QUESTIONS) {
      expect(q.options[q.correctAnswer]).toBeDefined();
      expect(q.category && q.difficulty && q.tags.length).toBeTruthy();
    }
  });
  it('score the answers as a rounded percentage', () => {
    expect(scoreOf([1, 2, 0])).toEqual({ correct: 3, total: 3, score: 100 });
    expect(scoreOf([1, null, 3])).toEqual({ correct: 1, total: 3, score: 33 });
  });
  it('name the category from its id', () => {
    expect(categoryName('fundamentals-of-nursing')).toBe('Fundamentals Of Nursing');
    expect(categoryName(undefined)).toBe('General');
  });
});
