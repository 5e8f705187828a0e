#if canImport(Foundation)
import Foundation

/// A decoder that turns `Data` into a `Decodable` value: what `decode(type:decoder:)`
/// uses. `JSONDecoder` and `PropertyListDecoder` conform.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each `Data` element into `type` with `decoder`.
    ///
    /// Decoding runs on the thread that delivers the element. A decoding error
    /// becomes the error event and ends the sequence.
    ///
    /// ```swift
    /// responses.decode(type: User.self, decoder: JSONDecoder())
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode each element into.
    ///   - decoder: The decoder to use.
    /// - Returns: An observable of decoded values.
    @_alwaysEmitIntoClient
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        map { try decoder.decode(type, from: $0) }
    }
}
#endif
