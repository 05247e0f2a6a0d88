/** A short Teams-style WebVTT meeting with two commitments, for API and browser tests. */
export const SAMPLE_TEAMS_VTT = `WEBVTT

00:00:01.000 --> 00:00:04.000
<v Maria Lopez>Welcome everyone, let's start with the launch plan.</v>

00:00:04.500 --> 00:00:09.000
<v Sam Park>I'll send the updated deck to the client by Friday.</v>

00:00:09.500 --> 00:00:14.000
<v Maria Lopez>Sam, can you also book the venue tomorrow?</v>

00:00:14.500 --> 00:00:16.000
<v Sam Park>Sure, I can do that.</v>
`;
