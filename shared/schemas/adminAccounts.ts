// Inputs of the admin's help with a student's account (Users tab): the student it is for.
import { z } from 'zod';
import { coercedId } from './fields';

export const accountActionInput = z.object({ user_id: coercedId });
