// The volunteer screens (issue 32), loaded together: one entry in the route table for the four,
// since most visitors never open any of them and each lazy route costs the first load its list of chunks.
export { RunPage } from './components/run-page';
export { VolunteerApplyPage } from './components/volunteer-apply-page';
export { VolunteerPage } from './components/volunteer-page';
export { VolunteerQueuePage } from './components/volunteer-queue-page';
