// The three built-in sample questions of the sample quizzes, written for this app. They run
// entirely in the browser: no account data, nothing sent to the server.
export interface SampleQuestion {
  id: number;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  category: string;
  difficulty: 'Easy' | 'Medium' | 'Hard';
  tags: string[];
}

export const SAMPLE_QUESTIONS: SampleQuestion[] = [
  {
    id: 1,
    question: 'A client is prescribed intravenous potassium chloride. Which action by the nurse is safest?',
    options: [
      'Give the dose as a slow IV push over two minutes',
      'Dilute it and give it by infusion pump at the prescribed rate',
      'Add it to the bag of blood the client is receiving',
      'Give it intramuscularly if the IV line is not working',
    ],
    correctAnswer: 1,
    explanation:
      'Potassium chloride is never given as an IV push: a bolus can cause fatal cardiac arrhythmias. It must be diluted and run at a controlled rate, ideally on an infusion pump, and it is not given intramuscularly or mixed with blood.',
    category: 'Pharmacology',
    difficulty: 'Medium',
    tags: ['Medication safety', 'Electrolytes'],
  },
  {
    id: 2,
    question: 'What is the normal respiratory rate of a healthy adult at rest?',
    options: [
      '8 to 10 breaths per minute',
      '24 to 30 breaths per minute',
      '12 to 20 breaths per minute',
      '30 to 40 breaths per minute',
    ],
    correctAnswer: 2,
    explanation:
      'A resting adult normally breathes 12 to 20 times a minute. Below 12 is bradypnoea and above 20 is tachypnoea; 30 to 40 is normal only for infants.',
    category: 'Fundamentals of Nursing',
    difficulty: 'Easy',
    tags: ['Vital signs', 'Assessment'],
  },
  {
    id: 3,
    question:
      'A woman at 36 weeks of pregnancy reports a severe headache and blurred vision. Her blood pressure is 160/110 mmHg and there is protein in her urine. What should the midwife suspect first?',
    options: ['Severe pre-eclampsia', 'Placenta praevia', 'Gestational diabetes', 'False labour'],
    correctAnswer: 0,
    explanation:
      'High blood pressure with proteinuria after 20 weeks, together with headache and visual disturbance, points to severe pre-eclampsia: a danger sign that needs urgent referral and treatment to prevent eclampsia.',
    category: 'Midwifery',
    difficulty: 'Hard',
    tags: ['Obstetric emergencies', 'Hypertension in pregnancy'],
  },
];

export const TEST_SECONDS = 1800;
export const TEST_LOW_TIME_SECONDS = 300;

/** "fundamentals-of-nursing" -> "Fundamentals Of Nursing", for the page heading. */
export function categoryName(categoryId: string | undefined): string {
  const words = (categoryId ?? 'general').split(/[-_\s]+/).filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' ') || 'General';
}

export function scoreOf(answers: (number | null)[], questions: SampleQuestion[] = SAMPLE_QUESTIONS) {
  const correct = questions.filter((q, i) => answers[i] === q.correctAnswer).length;
  return { correct, total: questions.length, score: Math.round((correct / questions.length) * 100) };
}
