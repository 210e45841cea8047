// The password strength worker thread (passwordStrengthCheck.ts starts it): zxcvbn and its dictionaries load as it
// starts, and each check runs here, never on the HTTP thread.
import { passwordStrength } from '../../../contract/passwordStrength';
import { answering, serveTasks } from '../../core/workerTasks';
import type { StrengthQuestion } from './passwordStrengthCheck';

void passwordStrength('');
serveTasks({ passwordStrength: answering(({ password, userInputs }: StrengthQuestion) => passwordStrength(password, userInputs)) });
