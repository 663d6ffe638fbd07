import { describe, expect, it } from 'vitest';
import { isServiceTaskName, SERVICE_TASKS, taskHeader, taskNameOf } from './service-task';
import { purposeOf } from './simulator/reply-router';
import { SERVICE_TASKS as SIMULATED_TASKS } from './simulator/tasks/registry';

const system = (text: string) => ({ role: 'system' as const, text, toolCalls: [], toolCallId: null });
const user = (text: string) => ({ role: 'user' as const, text, toolCalls: [], toolCallId: null });

describe('the task header Quire puts on its own requests', () => {
  it('round-trips every task name through the line the simulator parses', () => {
    for (const task of SERVICE_TASKS) {
      expect(taskHeader(task)).toBe(`Quire task: ${task}`);
      expect(taskNameOf(`${taskHeader(task)}\nThe rest of the prompt.`)).toBe(task);
      expect(isServiceTaskName(taskNameOf(taskHeader(task)))).toBe(true);
    }
  });

  it('makes the simulator act out the named task, not a chat answer', () => {
    for (const task of SERVICE_TASKS.filter((t) => t !== 'continue-answer')) {
      expect(purposeOf([system(`${taskHeader(task)}\nFollow the format.`), user('Request: Write a report on tea')])).toBe(task);
    }
    expect(purposeOf([user('hi'), user(`${taskHeader('continue-answer')}\n<<<ANSWER TAIL\nhi\nANSWER TAIL>>>`)])).toBe('continue-answer');
  });

  it('has one simulated task per service task, so a task added on one side only fails here', () => {
    const simulated = SIMULATED_TASKS.map((t) => t.name).sort();
    // continuing an answer is a chat scenario (it regenerates the answer), not a one-shot service task
    expect(simulated).toEqual(SERVICE_TASKS.filter((t) => t !== 'continue-answer').sort());
  });

  it("reads a person's message as no task, and an unknown name as unknown", () => {
    expect(taskNameOf('Quire is great. Quire task: none here')).toBeNull();
    expect(taskNameOf('Quire task: make-coffee')).toBe('make-coffee');
    expect(isServiceTaskName('make-coffee')).toBe(false);
  });
});
