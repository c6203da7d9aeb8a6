import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.js'

describe('configuration', () => {
  it('takes Kafka bootstrap servers as a comma-separated host:port list, and none when unset or empty', () => {
    expect(loadConfig({ KAFKA_BROKERS: 'kafka:9092' }).KAFKA_BROKERS).toEqual(['kafka:9092'])
    expect(loadConfig({ KAFKA_BROKERS: ' 127.0.0.1:42689, 127.0.0.1:45851 ,' }).KAFKA_BROKERS).toEqual(['127.0.0.1:42689', '127.0.0.1:45851'])
    expect(loadConfig({}).KAFKA_BROKERS).toBeUndefined()
    expect(loadConfig({ KAFKA_BROKERS: '' }).KAFKA_BROKERS).toBeUndefined()
  })

  it('stops at start with the variable named when a broker has no port, instead of Kafka retrying it', () => {
    for (const bad of ['kafka', 'kafka:', 'kafka:0', 'kafka:65536', 'kafka:9092,localhost', 'http://kafka:9092']) {
      expect(() => loadConfig({ KAFKA_BROKERS: bad }), bad).toThrow(/KAFKA_BROKERS.*: each broker must be host:port/)
    }
  })

  it('refuses fitting-session timeouts longer than a Node timer can wait, which would end every session at once', () => {
    expect(loadConfig({ FITTING_IDLE_TIMEOUT_SECONDS: '2147483' }).FITTING_IDLE_TIMEOUT_SECONDS).toBe(2_147_483)
    expect(() => loadConfig({ FITTING_IDLE_TIMEOUT_SECONDS: '2147484' })).toThrow(/FITTING_IDLE_TIMEOUT_SECONDS.*at most 2147483 seconds/)
    expect(() => loadConfig({ FITTING_DISCONNECT_GRACE_SECONDS: '3000000' })).toThrow(/FITTING_DISCONNECT_GRACE_SECONDS.*at most 2147483 seconds/)
  })
})
